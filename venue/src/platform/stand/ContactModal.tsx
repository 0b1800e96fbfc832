import './texts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Stand } from '@plataforma/adapter';
import { useAppState } from '../../shared/state/store';
import { Button } from '../../shared/ui/Button';
import { DarkForm, DarkTextarea, FieldNote, FormAlert } from '../../shared/ui/fields';
import { PlatformModal } from '../../shared/ui/PlatformModal';
import { useStandContact } from './api';

/** The longest message the form takes. */
const MAX = 2000;

const Count = styled(FieldNote)`
  justify-self: end;
`;

/** "Fale com o expositor": the signed-in visitor's message to the stand's attendants; the toasts are SPEC §7/§8's exact texts. */
export const ContactModal = ({ stand, onClose }: { stand: Stand; onClose: () => void }) => {
  const { t } = useTranslation();
  const client = useAppState((state) => state.auth.currentClient);
  const showToast = useAppState((state) => state.showToast);
  const contact = useStandContact();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (contact.isPending) return;
    if (!message.trim()) {
      setError(t('stand.contactRequired'));
      return;
    }
    setError(null);
    try {
      await contact.mutateAsync({ standId: stand.id, message: message.trim() });
      showToast(t('stand.contactSent'), 'success');
      onClose();
    } catch {
      // What the visitor wrote stays in the box for another try.
      showToast(t('stand.contactFailed'), 'error');
    }
  };

  return (
    <PlatformModal title={t('stand.contactTitle', { name: stand.name })} onClose={onClose} width={520}>
      <DarkForm onSubmit={(event) => void submit(event)} noValidate>
        {client && <p>{t('stand.contactAs', { name: client.name, email: client.email })}</p>}
        {error && <FormAlert id="stand-contact-error">{error}</FormAlert>}
        <label htmlFor="stand-contact-message">{t('stand.contactMessage')}</label>
        <DarkTextarea
          id="stand-contact-message"
          value={message}
          maxLength={MAX}
          onChange={(event) => setMessage(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'stand-contact-error stand-contact-count' : 'stand-contact-count'}
        />
        <Count id="stand-contact-count">
          {message.length}/{MAX}
        </Count>
        <Button type="submit" disabled={contact.isPending} $block>
          {contact.isPending ? t('stand.contactSending') : t('stand.contactSend')}
        </Button>
      </DarkForm>
    </PlatformModal>
  );
};
