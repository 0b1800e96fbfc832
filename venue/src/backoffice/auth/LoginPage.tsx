import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError, checkSmsInputSchema, loginInputSchema, SMS_RESEND_SECONDS } from '@plataforma/adapter';
import { useBackofficeTranslation } from '../i18n';
import { TextField } from '../ui/Form';
import { useSchemaForm } from '../ui/useSchemaForm';
import { useCheckSms, useLogin } from './api';
import { AuthForm, AuthLayout, LinkRow } from './AuthLayout';
import { codeReady, ResendButton, SmsCodeField } from './SmsCode';
import { useCompleteSignIn } from './useAuthActions';
import { useCountdown } from './useCountdown';

const credentialsSchema = loginInputSchema.omit({ type: true });
const codeSchema = checkSmsInputSchema.pick({ code: true });

interface Attempt {
  email: string;
  password: string;
  attemptId: string;
}

const retryIn = (error: unknown): number | null => {
  const data = error instanceof ApiError ? (error.data as { retryIn?: number } | null) : null;
  return data?.retryIn ?? null;
};

/** /cms/login: e-mail and password, then the SMS code (SPEC §2.3, §4). */
export const LoginPage = () => {
  const { t } = useBackofficeTranslation();
  const navigate = useNavigate();
  const complete = useCompleteSignIn();
  const countdown = useCountdown();
  const login = useLogin();
  const checkSms = useCheckSms();
  const credentials = useSchemaForm(credentialsSchema, { email: '', password: '' });
  const code = useSchemaForm(codeSchema, { code: '' });
  const [attempt, setAttempt] = useState<Attempt | null>(null);
  const [email, password] = credentials.form.watch(['email', 'password']);

  // A refused resend says how long is left: the countdown shows it.
  const onRetry = (failure: unknown) => {
    const seconds = retryIn(failure);
    if (seconds) countdown.start(seconds);
  };

  const requestCode = async (input: Omit<Attempt, 'attemptId'>) => {
    const answer = await login.mutateAsync({ ...input, type: 'user' });
    if (answer.data.firstAccess) {
      navigate('/cms/password-change', { state: { email: input.email } });
      return;
    }
    if (!answer.data.sms) return;
    setAttempt({ ...input, attemptId: answer.data.attemptId });
    code.form.reset({ code: '' });
    countdown.start(answer.data.resendIn ?? SMS_RESEND_SECONDS);
  };

  if (attempt) {
    const onCode = code.submit(async (values) => {
      const answer = await checkSms.mutateAsync({ email: attempt.email, code: values.code, type: 'user', attemptId: attempt.attemptId });
      if (!complete(answer.data)) code.setError(t('login.userNotFound'));
    }, onRetry);
    return (
      <AuthLayout title={t('login.smsTitle')} subtitle={t('login.smsHint')}>
        <AuthForm
          onSubmit={onCode}
          error={code.error}
          submitLabel={t('login.validate')}
          canSubmit={!code.submitting && codeReady(code.form.watch('code'))}
        >
          <SmsCodeField control={code.form.control} name="code" label={t('login.code')} autoFocus />
        </AuthForm>
        <LinkRow>
          <button type="button" className="link" onClick={() => setAttempt(null)}>
            {t('login.changeAccount')}
          </button>
          <ResendButton
            countdown={countdown}
            disabled={code.submitting}
            onClick={() => void code.run(() => requestCode(attempt), onRetry)}
          />
        </LinkRow>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('login.title')} subtitle={t('login.subtitle')}>
      <AuthForm
        onSubmit={credentials.submit(requestCode, onRetry)}
        error={credentials.error}
        submitLabel={t('login.submit')}
        canSubmit={!credentials.submitting && Boolean(email.trim()) && Boolean(password)}
      >
        <TextField label={t('login.email')} type="email" autoComplete="username" required {...credentials.form.register('email')} />
        <TextField
          label={t('login.password')}
          type="password"
          autoComplete="current-password"
          required
          {...credentials.form.register('password')}
        />
      </AuthForm>
      <LinkRow>
        <Link to="/">{t('login.toSite')}</Link>
        <Link to="/cms/password-recovery">{t('login.forgot')}</Link>
      </LinkRow>
    </AuthLayout>
  );
};
