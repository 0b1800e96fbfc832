import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError, SMS_CODE_PLACEHOLDER_LENGTH, SMS_RESEND_SECONDS, SMS_VALIDATE_MIN_LENGTH } from '@plataforma/adapter';
import { api } from '../../shared/api';
import { Button } from '../../shared/ui/Button';
import { ErrorAlert, TextField } from '../ui/Form';
import { useSubmit } from '../ui/useSubmit';
import { AuthLayout, LinkRow } from './AuthLayout';
import { useCompleteSignIn } from './useAuthActions';
import { useCountdown } from './useCountdown';

const retryIn = (error: unknown): number | null => {
  const data = error instanceof ApiError ? (error.data as { retryIn?: number } | null) : null;
  return data?.retryIn ?? null;
};

/** /cms/login: e-mail and password, then the SMS code (SPEC §2.3, §4). */
export const LoginPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const complete = useCompleteSignIn();
  const countdown = useCountdown();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [attemptId, setAttemptId] = useState<string | null>(null);
  const { error, setError, submitting, run: submit } = useSubmit();

  const requestCode = async () => {
    const answer = await api.auth.login({ email, password, type: 'user' });
    if (answer.data.firstAccess) {
      navigate('/cms/password-change', { state: { email } });
      return;
    }
    if (!answer.data.sms) return;
    setAttemptId(answer.data.attemptId);
    setCode('');
    countdown.start(answer.data.resendIn ?? SMS_RESEND_SECONDS);
  };

  // A refused resend says how long is left: the countdown shows it.
  const run = (action: () => Promise<void>) =>
    submit(action, (failure) => {
      const seconds = retryIn(failure);
      if (seconds) countdown.start(seconds);
    });

  const onCredentials = (event: FormEvent) => {
    event.preventDefault();
    void run(requestCode);
  };

  const onCode = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const answer = await api.auth.checkSms({ email, code, type: 'user', attemptId: attemptId as string });
      if (!complete(answer.data)) setError(t('backoffice.login.userNotFound'));
    });
  };

  if (attemptId) {
    return (
      <AuthLayout title={t('backoffice.login.smsTitle')} subtitle={t('backoffice.login.smsHint')}>
        <form onSubmit={onCode} noValidate>
          {error && <ErrorAlert>{error}</ErrorAlert>}
          <TextField
            label={t('backoffice.login.code')}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder={t('backoffice.login.codePlaceholder', { count: SMS_CODE_PLACEHOLDER_LENGTH })}
            value={code}
            maxLength={10}
            autoFocus
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
          />
          <Button type="submit" $block disabled={submitting || code.length < SMS_VALIDATE_MIN_LENGTH}>
            {t('backoffice.login.validate')}
          </Button>
        </form>
        <LinkRow>
          <button type="button" className="link" onClick={() => setAttemptId(null)}>
            {t('backoffice.login.changeAccount')}
          </button>
          <button
            type="button"
            className="link"
            disabled={!countdown.done || submitting}
            onClick={() => void run(requestCode)}
            aria-live="polite"
          >
            {countdown.done ? t('backoffice.login.resend') : t('backoffice.login.resendIn', { seconds: countdown.left })}
          </button>
        </LinkRow>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('backoffice.login.title')} subtitle={t('backoffice.login.subtitle')}>
      <form onSubmit={onCredentials} noValidate>
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
        <TextField
          label={t('backoffice.login.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button type="submit" $block disabled={submitting || !email.trim() || !password}>
          {t('backoffice.login.submit')}
        </Button>
      </form>
      <LinkRow>
        <Link to="/">{t('backoffice.login.toSite')}</Link>
        <Link to="/cms/password-recovery">{t('backoffice.login.forgot')}</Link>
      </LinkRow>
    </AuthLayout>
  );
};
