import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { useAppState } from '../state/store';
import { Button } from './Button';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  background: rgba(0, 0, 0, 0.6);
  display: grid;
  place-items: center;
  z-index: 900;
  padding: 16px;
`;

const Panel = styled.div`
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  --focus-ring: ${({ theme }) => theme.colors.primaryDark};
  border-radius: ${({ theme }) => theme.radius};
  box-shadow: ${({ theme }) => theme.shadow};
  width: min(440px, 100%);
  padding: 24px;
  h2 {
    margin: 0 0 12px;
    font-size: 1.25rem;
  }
  p {
    margin: 0 0 24px;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 12px;
`;

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * The one confirmation dialog of the app (SPEC §3), e.g. 'Você deseja mesmo sair?'. Opening it
 * puts the focus on the negative (safe) button; Tab stays inside; Escape or a click outside
 * closes it; the focus goes back to where it was.
 */
export const DialogHost = () => {
  const dialog = useAppState((s) => s.dialog);
  const close = useAppState((s) => s.closeDialog);
  const [busy, setBusy] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const negative = useRef<HTMLButtonElement>(null);
  const busyRef = useRef(false);
  busyRef.current = busy;

  useEffect(() => {
    if (!dialog.open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    negative.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        if (!busyRef.current) close();
        return;
      }
      if (event.key !== 'Tab' || !panel.current) return;
      const items = Array.from(panel.current.querySelectorAll<HTMLElement>(FOCUSABLE));
      if (items.length === 0) return;
      const first = items[0];
      const last = items[items.length - 1];
      const inside = panel.current.contains(document.activeElement);
      if (event.shiftKey && (document.activeElement === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus();
    };
  }, [dialog.open, close]);

  if (!dialog.open) return null;
  const confirm = async () => {
    setBusy(true);
    try {
      await dialog.onPositive?.();
    } finally {
      setBusy(false);
      close();
    }
  };
  return (
    <Backdrop onMouseDown={(event) => event.target === event.currentTarget && !busy && close()}>
      <Panel ref={panel} role="alertdialog" aria-modal="true" aria-labelledby="dialog-title" aria-describedby="dialog-body">
        <h2 id="dialog-title">{dialog.header}</h2>
        <p id="dialog-body">{dialog.body}</p>
        <Actions>
          <Button ref={negative} type="button" $variant="ghost" onClick={close} disabled={busy}>
            {dialog.negativeLabel}
          </Button>
          <Button type="button" onClick={confirm} disabled={busy} aria-busy={busy}>
            {dialog.positiveLabel}
          </Button>
        </Actions>
      </Panel>
    </Backdrop>
  );
};
