import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
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
      const from = (location.state as OriginState | null)?.from;
      if (from) navigate(`${from.pathname}${from.search ?? ''}${from.hash ?? ''}`, { replace: true });
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
      </DarkForm>
    </PlatformModal>
  );
};
