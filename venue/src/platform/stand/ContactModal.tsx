import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Stand } from '@plataforma/adapter';
import { api } from '../../shared/api';
import { useAppState } from '../../shared/state/store';
import { Button } from '../../shared/ui/Button';
import { PlatformModal } from '../ui/PlatformModal';

/** The exact toasts of SPEC §7/§8. */
export const CONTACT_SENT = 'Seu contato foi enviado com sucesso!';
export const CONTACT_FAILED = 'Ocorreu um erro. Tente novamente mais tarde.';
const MAX = 2000;

const Form = styled.form`
  display: grid;
  gap: 12px;
  .who {
    margin: 0;
    color: ${({ theme }) => theme.colors.platformTextMuted};
  }
  label {
    font-weight: 600;
  }
  textarea {
    width: 100%;
    min-height: 140px;
    padding: 12px 14px;
    border-radius: ${({ theme }) => theme.radius};
    border: 1px solid rgba(255, 255, 255, 0.3);
    background: rgba(255, 255, 255, 0.06);
    color: inherit;
    font: inherit;
    resize: vertical;
  }
  .count {
    justify-self: end;
    font-size: 0.85rem;
    color: ${({ theme }) => theme.colors.platformTextMuted};
  }
  .alert {
    padding: 10px 14px;
    border-radius: ${({ theme }) => theme.radius};
    background: #b3261e;
    color: #fff;
    font-weight: 600;
  }
`;

/** "Fale com o expositor": the signed-in visitor's message to the stand's attendants (POST /contacts/stand). */
export const ContactModal = ({ stand, onClose }: { stand: Stand; onClose: () => void }) => {
  const { t } = useTranslation();
  const client = useAppState((state) => state.auth.currentClient);
  const showToast = useAppState((state) => state.showToast);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    if (!message.trim()) {
      setError(t('stand.contactRequired'));
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      await api.site.contacts.stand({ standId: stand.id, message: message.trim() });
      showToast(CONTACT_SENT, 'success');
      onClose();
    } catch {
      // What the visitor wrote stays in the box for another try.
      showToast(CONTACT_FAILED, 'error');
      setSubmitting(false);
    }
  };

  return (
    <PlatformModal title={t('stand.contactTitle', { name: stand.name })} onClose={onClose} width={520}>
      <Form onSubmit={(event) => void submit(event)} noValidate>
        {client && <p className="who">{t('stand.contactAs', { name: client.name, email: client.email })}</p>}
        {error && (
          <div className="alert" role="alert">
            {error}
          </div>
        )}
        <label htmlFor="stand-contact-message">{t('stand.contactMessage')}</label>
        <textarea
          id="stand-contact-message"
          value={message}
          maxLength={MAX}
          onChange={(event) => setMessage(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby="stand-contact-count"
        />
        <span id="stand-contact-count" className="count">
          {message.length}/{MAX}
        </span>
        <Button type="submit" disabled={submitting} $block>
          {submitting ? t('stand.contactSending') : t('stand.contactSend')}
        </Button>
      </Form>
    </PlatformModal>
  );
};
