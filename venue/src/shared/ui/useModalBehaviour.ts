import { useEffect, useRef, type RefObject } from 'react';

/** What can take the focus inside a dialog (the Tab ring). */
export const FOCUSABLE =
  'a[href], button:not(:disabled), input:not(:disabled), textarea:not(:disabled), select:not(:disabled), iframe, [tabindex]:not([tabindex="-1"])';

export interface ModalBehaviourOptions {
  /** Whether the dialog is on screen (default true: the component mounts only while open). */
  open?: boolean;
  /** Escape (and the caller's × / click outside) call this. Its latest value is used. */
  onClose: () => void;
  /** Where the focus goes first: a selector inside the panel, or a ref (default: the first field, else the first focusable). */
  initialFocus?: string | RefObject<HTMLElement | null>;
  /** While true, Escape does nothing (e.g. a confirmation in flight). */
  locked?: boolean;
}

/**
 * The one modal behaviour of the app, shared by the back office's modal, the venue's dark modal
 * and the confirmation dialog: the focus moves into the panel, Tab and Shift+Tab stay inside it,
 * Escape closes, and the focus returns to what opened it when the dialog goes away.
 */
export const useModalBehaviour = (panel: RefObject<HTMLElement | null>, options: ModalBehaviourOptions): void => {
  const { open = true, initialFocus } = options;
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = panel.current;
    const items = () => Array.from(root?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);
    const first =
      typeof initialFocus === 'string'
        ? root?.querySelector<HTMLElement>(initialFocus)
        : initialFocus
          ? initialFocus.current
          : (root?.querySelector<HTMLElement>('input:not(:disabled), textarea:not(:disabled), select:not(:disabled)') ?? items()[0]);
    (first ?? root)?.focus();

    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        if (!latest.current.locked) latest.current.onClose();
        return;
      }
      if (event.key !== 'Tab' || !root) return;
      const ring = items();
      if (ring.length === 0) {
        event.preventDefault();
        return;
      }
      const head = ring[0];
      const tail = ring[ring.length - 1];
      const inside = root.contains(document.activeElement);
      if (event.shiftKey && (document.activeElement === head || !inside)) {
        event.preventDefault();
        tail.focus();
      } else if (!event.shiftKey && (document.activeElement === tail || !inside)) {
        event.preventDefault();
        head.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
    // The panel and the first focus are read when the dialog opens; later changes do not move the focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
};
