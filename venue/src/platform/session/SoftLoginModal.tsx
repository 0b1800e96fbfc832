import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ApiError } from '@plataforma/adapter/envelope';
import { FIELD_ERROR_KEYS, isEmail } from '@plataforma/adapter/field-rules';
import { messageText } from '../../shared/i18n';
import { Button } from '../../shared/ui/Button';
import { DarkForm, DarkInput, FieldNote, FormAlert } from '../../shared/ui/fields';
import { PlatformModal } from '../../shared/ui/PlatformModal';
import { softLogin } from '../../shared/session/api';
import type { OriginState } from './RequireClient';

/** The alert's id: the e-mail field is described by it, so its refusal is read out with the field. */
const ERROR_ID = 'soft-login-error';

/**
 * The visitor's soft login (SPEC §2.4): an e-mail only; closing reloads the page; success closes it.
 * An empty or malformed address is refused here (the server's own e-mail check, field-rules) without
 * a request; any refusal describes the field and sends focus back to it.
 */
export const SoftLoginModal = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [submitting, setSubmitting] = useState(false);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const refuse = (text: string) => {
    setError(text);
    input.current?.focus();
  };

  // After registering, the visitor comes back where this login was taking them (or to this hall).
  const origin = (location.state as OriginState | null)?.from;
  const back = origin ? `${origin.pathname}${origin.search ?? ''}` : `${location.pathname}${location.search}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    if (!email.trim()) {
      refuse(t('halls.login.required'));
      return;
    }
    if (!isEmail(email)) {
      refuse(t(FIELD_ERROR_KEYS.email));
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      await softLogin(email.trim());
      // Signed in: the hall drops this modal; the visitor goes on to where they were heading.
      if (origin) navigate(`${origin.pathname}${origin.search ?? ''}${origin.hash ?? ''}`, { replace: true });
    } catch (caught) {
      setSubmitting(false);
      refuse(messageText(caught instanceof ApiError ? caught.msg : undefined));
    }
  };

  return (
    <PlatformModal title={t('halls.login.title')} onClose={() => window.location.reload()} width={460}>
      <DarkForm onSubmit={(event) => void submit(event)} noValidate>
        <p>{t('halls.login.intro')}</p>
        {error && <FormAlert id={ERROR_ID}>{error}</FormAlert>}
        <label htmlFor="soft-login-email">{t('halls.login.email')}</label>
        <DarkInput
          ref={input}
          id="soft-login-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ERROR_ID : undefined}
        />
        <Button type="submit" disabled={submitting} $block>
          {submitting ? t('halls.login.submitting') : t('halls.login.submit')}
        </Button>
        <FieldNote as="p">{t('halls.login.hint')}</FieldNote>
        <p>
          {t('halls.login.noAccount')} <Link to={`/cadastro?voltar=${encodeURIComponent(back)}`}>{t('halls.login.register')}</Link>
        </p>
      </DarkForm>
    </PlatformModal>
  );
};
