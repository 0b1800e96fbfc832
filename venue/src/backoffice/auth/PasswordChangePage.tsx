import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { changePasswordInputSchema, PASSWORD_RULES, passwordProblems, SMS_RESEND_SECONDS } from '@plataforma/adapter';
import { messageText } from '../../shared/i18n';
import { useAppState } from '../../shared/state/store';
import { useBackofficeTranslation } from '../i18n';
import { TextField } from '../ui/Form';
import { useSchemaForm } from '../ui/useSchemaForm';
import { useChangePassword, useRecovery } from './api';
import { AuthForm, AuthLayout, LinkRow } from './AuthLayout';
import { codeReady, ResendButton, SmsCodeField } from './SmsCode';
import { useCompleteSignIn } from './useAuthActions';
import { useCountdown } from './useCountdown';

const schema = changePasswordInputSchema.omit({ type: true });

const Rules = styled.div`
  position: relative;
  margin: -8px 0 16px;
  button {
    background: none;
    border: 0;
    padding: 0;
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 600;
    cursor: pointer;
    text-decoration: underline;
  }
  ul {
    margin: 8px 0 0;
    padding: 12px 16px 12px 32px;
    background: ${({ theme }) => theme.colors.surfaceMuted};
    border-radius: ${({ theme }) => theme.radius};
    font-size: 0.9rem;
  }
  li.ok {
    color: ${({ theme }) => theme.colors.success};
  }
`;

/** 'Regras da senha': opens on demand, and by itself while the typed password breaks a rule (SPEC §5). */
const PasswordRules = ({ password }: { password: string }) => {
  const { t } = useBackofficeTranslation();
  const [open, setOpen] = useState(false);
  const problems = passwordProblems(password);
  return (
    <Rules>
      <button type="button" aria-expanded={open} aria-controls="password-rules" onClick={() => setOpen((value) => !value)}>
        {t('change.rulesButton')}
      </button>
      {(open || (password && problems.length > 0)) && (
        <ul id="password-rules" aria-label={t('change.rulesTitle')}>
          {PASSWORD_RULES.map((rule) => (
            <li key={rule} className={password && !problems.includes(rule) ? 'ok' : undefined}>
              {t(`change.rules.${rule}`)}
            </li>
          ))}
        </ul>
      )}
    </Rules>
  );
};

/** /cms/password-change: new password, confirmation, SMS code, resend with the 30 s lock. */
export const PasswordChangePage = () => {
  const { t } = useBackofficeTranslation();
  const complete = useCompleteSignIn();
  const showToast = useAppState((s) => s.showToast);
  const state = (useLocation().state ?? {}) as { email?: string };
  const countdown = useCountdown(SMS_RESEND_SECONDS);
  const changePassword = useChangePassword();
  const recovery = useRecovery();
  const { form, error, setError, submitting, run, submit } = useSchemaForm(schema, {
    email: state.email ?? '',
    password1: '',
    password2: '',
    code: '',
  });
  const [email, password1, password2, code] = form.watch(['email', 'password1', 'password2', 'code']);

  const onSubmit = submit(async (values) => {
    const answer = await changePassword.mutateAsync({ ...values, type: 'user' });
    showToast(messageText(answer.msg), 'success');
    if (!complete(answer.data)) setError(t('login.userNotFound'));
  });

  const resend = () =>
    run(async () => {
      await recovery.mutateAsync({ email, type: 'user' });
      countdown.start(SMS_RESEND_SECONDS);
    });

  return (
    <AuthLayout title={t('change.title')} subtitle={t('change.subtitle')}>
      <AuthForm
        onSubmit={onSubmit}
        error={error}
        submitLabel={t('change.submit')}
        canSubmit={!submitting && Boolean(email && password1 && password2) && codeReady(code)}
      >
        {!state.email && <TextField label={t('change.email')} type="email" autoComplete="username" required {...form.register('email')} />}
        <TextField
          label={t('change.password')}
          type="password"
          autoComplete="new-password"
          required
          aria-describedby="password-rules"
          {...form.register('password1')}
        />
        <PasswordRules password={password1} />
        <TextField label={t('change.confirm')} type="password" autoComplete="new-password" required {...form.register('password2')} />
        <SmsCodeField control={form.control} name="code" label={t('change.code')} required />
      </AuthForm>
      <LinkRow>
        <Link to="/cms/login">{t('recovery.back')}</Link>
        <ResendButton countdown={countdown} disabled={!email} onClick={() => void resend()} />
      </LinkRow>
    </AuthLayout>
  );
};
