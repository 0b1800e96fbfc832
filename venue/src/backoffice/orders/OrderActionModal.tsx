import { useId, useState } from 'react';
import { orderActionInputSchema } from '@plataforma/adapter';
import { messageText } from '../../shared/i18n';
import { useAppState } from '../../shared/state/store';
import { Button } from '../../shared/ui/Button';
import { useBackofficeTranslation } from '../i18n';
import { ErrorAlert, TextArea } from '../ui/Form';
import { Modal, ModalActions } from '../ui/Modal';
import { useSubmit } from '../ui/useSubmit';

/** The most a note of the history holds (the contract's `orderActionInputSchema`). */
const NOTE_MAX = 500;

/**
 * The confirmation of an admin's move on an order (a refund, a manual PIX's receipt): what will
 * happen, naming the order and its amount; an optional note for the history; 'Cancelar' and the
 * action. A refusal shows the server's message here; a success closes it with the server's toast.
 */
export const OrderActionModal = ({
  title,
  text,
  confirmLabel,
  onConfirm,
  onClose,
}: {
  title: string;
  text: string;
  confirmLabel: string;
  /** Sends the move with the note (null when none was written); answers the server's envelope. */
  onConfirm: (note: string | null) => Promise<{ msg: string }>;
  onClose: () => void;
}) => {
  const { t } = useBackofficeTranslation();
  const showToast = useAppState((s) => s.showToast);
  const textId = useId();
  const [note, setNote] = useState('');
  const { error, submitting, run } = useSubmit();

  const confirm = () =>
    run(async () => {
      const input = orderActionInputSchema.parse({ note: note.trim() || null });
      const answer = await onConfirm(input.note ?? null);
      showToast(messageText(answer.msg), 'success');
      onClose();
    });

  return (
    <Modal title={title} onClose={onClose}>
      <p id={textId}>{text}</p>
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <TextArea
        label={t('orders.actions.note')}
        hint={t('orders.actions.noteHint')}
        rows={3}
        maxLength={NOTE_MAX}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
      <ModalActions>
        <Button type="button" $variant="ghost" onClick={onClose}>
          {t('form.cancel')}
        </Button>
        <Button type="button" disabled={submitting} aria-describedby={textId} onClick={() => void confirm()}>
          {submitting ? t('orders.actions.sending') : confirmLabel}
        </Button>
      </ModalActions>
    </Modal>
  );
};
