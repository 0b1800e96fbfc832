import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { api } from '../../shared/api';
import { messageText } from '../../shared/i18n';
import { useAppState } from '../../shared/state/store';
import { Button } from '../../shared/ui/Button';
import { ErrorAlert, TextField } from '../ui/Form';
import { useSubmit } from '../ui/useSubmit';
import { AuthLayout, LinkRow } from './AuthLayout';

/** /cms/password-recovery: the e-mail, then the password change screen (SPEC §4). */
export const RecoveryPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const showToast = useAppState((s) => s.showToast);
  const [email, setEmail] = useState('');
  const { error, submitting, run } = useSubmit();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const answer = await api.auth.recovery({ email, type: 'user' });
      showToast(messageText(answer.msg), 'success');
      navigate('/cms/password-change', { state: { email } });
    });
  };

  return (
    <AuthLayout title={t('backoffice.recovery.title')} subtitle={t('backoffice.recovery.subtitle')}>
      <form onSubmit={onSubmit} noValidate>
        {error && <ErrorAlert>{error}</ErrorAlert>}
        <TextField
          label={t('backoffice.login.email')}
          type="email"
          name="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Button type="submit" $block disabled={submitting || !email.trim()}>
          {t('backoffice.recovery.submit')}
        </Button>
      </form>
      <LinkRow>
        <Link to="/cms/login">{t('backoffice.recovery.back')}</Link>
      </LinkRow>
    </AuthLayout>
  );
};
