import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ApiError } from '@plataforma/adapter/envelope';
import { messageText } from '../../shared/i18n';
import { Button } from '../../shared/ui/Button';
import { DarkForm, DarkInput, FieldNote, FormAlert } from '../ui/fields';
import { PlatformModal } from '../ui/PlatformModal';
import { softLogin } from './api';
import type { OriginState } from './RequireClient';

/** The visitor's soft login (SPEC §2.4): an e-mail only; closing reloads the page; success closes it. */
export const SoftLoginModal = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [submitting, setSubmitting] = useState(false);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  // After registering, the visitor comes back where this login was taking them (or to this hall).
  const origin = (location.state as OriginState | null)?.from;
  const back = origin ? `${origin.pathname}${origin.search ?? ''}` : `${location.pathname}${location.search}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    if (!email.trim()) {
      setError(t('halls.login.required'));
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      await softLogin(email.trim());
      // Signed in: the hall drops this modal; the visitor goes on to where they were heading.
      if (origin) navigate(`${origin.pathname}${origin.search ?? ''}${origin.hash ?? ''}`, { replace: true });
    } catch (caught) {
      setError(messageText(caught instanceof ApiError ? caught.msg : undefined));
      setSubmitting(false);
    }
  };

  return (
    <PlatformModal title={t('halls.login.title')} onClose={() => window.location.reload()} width={460}>
      <DarkForm onSubmit={(event) => void submit(event)} noValidate>
        <p>{t('halls.login.intro')}</p>
        {error && <FormAlert>{error}</FormAlert>}
        <label htmlFor="soft-login-email">{t('halls.login.email')}</label>
        <DarkInput
          id="soft-login-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={error ? true : undefined}
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
