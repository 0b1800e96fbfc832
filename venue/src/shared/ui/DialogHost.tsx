import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useAppState } from '../state/store';
import { Button } from './Button';
import { useModalBehaviour } from './useModalBehaviour';

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

/**
 * The one confirmation dialog of the app (SPEC §3), e.g. 'Você deseja mesmo sair?'. Opening it
 * puts the focus on the negative (safe) button; Tab stays inside; Escape or a click outside
 * closes it; the focus goes back to where it was (the shared modal behaviour). Unset labels are
 * the pack's 'Não' and 'Sim'.
 */
export const DialogHost = () => {
  const { t } = useTranslation();
  const dialog = useAppState((s) => s.dialog);
  const close = useAppState((s) => s.closeDialog);
  const [busy, setBusy] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const negative = useRef<HTMLButtonElement>(null);
  // Closing without confirming tells the opener (onDismiss), e.g. to stay on a page with unsaved changes.
  const dismiss = () => {
    dialog.onDismiss?.();
    close();
  };
  useModalBehaviour(panel, { open: dialog.open, onClose: dismiss, initialFocus: negative, locked: busy });

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
    <Backdrop onMouseDown={(event) => event.target === event.currentTarget && !busy && dismiss()}>
      <Panel ref={panel} role="alertdialog" aria-modal="true" aria-labelledby="dialog-title" aria-describedby="dialog-body">
        <h2 id="dialog-title">{dialog.header}</h2>
        <p id="dialog-body">{dialog.body}</p>
        <Actions>
          <Button ref={negative} type="button" $variant="ghost" onClick={dismiss} disabled={busy}>
            {dialog.negativeLabel ?? t('common.no')}
          </Button>
          <Button type="button" onClick={confirm} disabled={busy} aria-busy={busy}>
            {dialog.positiveLabel ?? t('common.yes')}
          </Button>
        </Actions>
      </Panel>
    </Backdrop>
  );
};
