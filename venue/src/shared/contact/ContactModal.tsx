import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { ContactSubject } from '@plataforma/adapter';
import { CONTACT_SUBJECTS } from '@plataforma/adapter/constants';
import { ApiError } from '@plataforma/adapter/envelope';
import { messageText } from '../i18n';
import { useSendContact } from './api';
import { maskPhone } from '../masks';
import { useAppState } from '../state/store';
import { Button } from '../ui/Button';
import { DarkForm, DarkInput, DarkSelect, DarkTextarea, FieldError, FieldNote, FormAlert } from '../ui/fields';
import { PlatformModal } from '../ui/PlatformModal';

/** The longest message the server takes (contactInputSchema). */
const MAX = 4000;

type Field = 'name' | 'email' | 'phone' | 'message';
type Errors = Partial<Record<Field, true>>;
const FIELDS: readonly Field[] = ['name', 'email', 'phone', 'message'];

interface Values {
  subject: ContactSubject;
  name: string;
  email: string;
  phone: string;
  message: string;
}

const Row = styled.div`
  display: grid;
  gap: 6px;
`;

const Count = styled(FieldNote)`
  justify-self: end;
`;

/** Shorter than the stand's: the whole form, its button included, fits a 720-pixel-high screen. */
const MessageBox = styled(DarkTextarea)`
  min-height: 96px;
`;

/** An address of the form name@domain.tld (the server checks it fully). */
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** The form's own checks, each naming its field: the server's rules (contactInputSchema), said before sending. */
export const contactErrors = (values: Values): Errors => {
  const errors: Errors = {};
  const phone = values.phone.replace(/\D/g, '');
  if (!values.name.trim() || values.name.trim().length > 200) errors.name = true;
  if (!EMAIL.test(values.email.trim()) || values.email.trim().length > 200) errors.email = true;
  if (phone && (phone.length < 10 || phone.length > 11)) errors.phone = true;
  if (!values.message.trim() || values.message.trim().length > MAX) errors.message = true;
  return errors;
};

const FieldRow = ({
  id,
  label,
  error,
  note,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  note?: ReactNode;
  children: ReactNode;
}) => (
  <Row>
    <label htmlFor={id}>{label}</label>
    {children}
    {note}
    {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
  </Row>
);

/**
 * The contact form (SPEC §1 and §3's contact): subject, name, e-mail, phone and message to the
 * organisers (POST /contacts). A signed-in visitor finds their name and e-mail filled in. Each
 * wrong field says what is wrong under it; what was typed stays after a failure; success shows
 * SPEC's toast and calls `onSent`. Drawn in the help desk's modal and on the site's /contato.
 */
export const ContactForm = ({ onSent }: { onSent: () => void }) => {
  const { t } = useTranslation();
  const client = useAppState((state) => state.auth.currentClient);
  const showToast = useAppState((state) => state.showToast);
  const send = useSendContact();
  const [values, setValues] = useState<Values>({
    subject: 'doubts',
    name: client?.name ?? '',
    email: client?.email ?? '',
    phone: '',
    message: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const set = (field: keyof Values) => (value: string) => setValues((current) => ({ ...current, [field]: value }));
  const described = (field: Field, extra?: string) => {
    const ids = [errors[field] ? `contact-${field}-error` : null, extra].filter(Boolean).join(' ');
    return { 'aria-invalid': errors[field] ? true : undefined, 'aria-describedby': ids || undefined };
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    const found = contactErrors(values);
    setErrors(found);
    const first = FIELDS.find((field) => found[field]);
    if (first) {
      event.currentTarget.querySelector<HTMLElement>(`#contact-${first}`)?.focus();
      return;
    }
    setFailure(null);
    try {
      await send.mutateAsync({
        subject: values.subject,
        name: values.name.trim(),
        email: values.email.trim(),
        phone: values.phone.replace(/\D/g, '') || undefined,
        message: values.message.trim(),
      });
      showToast(t('contact.sent'), 'success');
      onSent();
    } catch (caught) {
      setFailure(messageText(caught instanceof ApiError ? caught.msg : undefined));
    }
  };

  const errorText = (field: Field) => (errors[field] ? t(`contact.errors.${field}`) : undefined);

  return (
    <DarkForm onSubmit={(event) => void submit(event)} noValidate>
      <p>{t('contact.intro')}</p>
      {failure && <FormAlert>{failure}</FormAlert>}
      <FieldRow id="contact-subject" label={t('contact.subject')}>
        <DarkSelect id="contact-subject" value={values.subject} onChange={(event) => set('subject')(event.target.value)}>
          {CONTACT_SUBJECTS.map((subject) => (
            <option key={subject} value={subject}>
              {t(`contact.subjects.${subject}`)}
            </option>
          ))}
        </DarkSelect>
      </FieldRow>
      <FieldRow id="contact-name" label={t('contact.name')} error={errorText('name')}>
        <DarkInput
          id="contact-name"
          autoComplete="name"
          maxLength={200}
          value={values.name}
          onChange={(event) => set('name')(event.target.value)}
          {...described('name')}
        />
      </FieldRow>
      <FieldRow id="contact-email" label={t('contact.email')} error={errorText('email')}>
        <DarkInput
          id="contact-email"
          type="email"
          autoComplete="email"
          maxLength={200}
          value={values.email}
          onChange={(event) => set('email')(event.target.value)}
          {...described('email')}
        />
      </FieldRow>
      <FieldRow id="contact-phone" label={t('contact.phone')} error={errorText('phone')}>
        <DarkInput
          id="contact-phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="(11) 9 1234-5678"
          value={values.phone}
          onChange={(event) => set('phone')(maskPhone(event.target.value))}
          {...described('phone')}
        />
      </FieldRow>
      <FieldRow
        id="contact-message"
        label={t('contact.message')}
        error={errorText('message')}
        note={
          <Count id="contact-message-count">
            {values.message.length}/{MAX}
          </Count>
        }
      >
        <MessageBox
          id="contact-message"
          maxLength={MAX}
          value={values.message}
          onChange={(event) => set('message')(event.target.value)}
          {...described('message', 'contact-message-count')}
        />
      </FieldRow>
      <Button type="submit" disabled={send.isPending} $block>
        {send.isPending ? t('contact.sending') : t('contact.send')}
      </Button>
    </DarkForm>
  );
};

/** 'Escreva para a organização', from the help desk's 'Atendimento' desk: the contact form in a modal that closes once sent. */
export const ContactModal = ({ onClose }: { onClose: () => void }) => {
  const { t } = useTranslation();
  return (
    <PlatformModal title={t('contact.title')} onClose={onClose} width={560}>
      <ContactForm onSent={onClose} />
    </PlatformModal>
  );
};
