import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import {
  PASSWORD_RULES,
  passwordProblems,
  SMS_CODE_PLACEHOLDER_LENGTH,
  SMS_RESEND_SECONDS,
  SMS_VALIDATE_MIN_LENGTH,
} from '@plataforma/adapter';
import { api } from '../../shared/api';
import { messageText } from '../../shared/i18n';
import { useAppState } from '../../shared/state/store';
import { Button } from '../../shared/ui/Button';
import { ErrorAlert, TextField } from '../ui/Form';
import { useSubmit } from '../ui/useSubmit';
import { AuthLayout, LinkRow } from './AuthLayout';
import { useCompleteSignIn } from './useAuthActions';
import { useCountdown } from './useCountdown';

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

/** /cms/password-change: new password, confirmation, SMS code, resend with the 30 s lock. */
export const PasswordChangePage = () => {
  const { t } = useTranslation();
  const complete = useCompleteSignIn();
  const showToast = useAppState((s) => s.showToast);
  const state = (useLocation().state ?? {}) as { email?: string };
  const countdown = useCountdown(SMS_RESEND_SECONDS);
  const [email, setEmail] = useState(state.email ?? '');
  const [password1, setPassword1] = useState('');
  const [password2, setPassword2] = useState('');
  const [code, setCode] = useState('');
  const [rulesOpen, setRulesOpen] = useState(false);
  const { error, setError, submitting, run } = useSubmit();
  const problems = passwordProblems(password1);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const answer = await api.auth.changePassword({ email, type: 'user', password1, password2, code });
      showToast(messageText(answer.msg), 'success');
      if (!complete(answer.data)) setError(t('backoffice.login.userNotFound'));
    });
  };

  const resend = () =>
    run(async () => {
      await api.auth.recovery({ email, type: 'user' });
      countdown.start(SMS_RESEND_SECONDS);
    });

  return (
    <AuthLayout title={t('backoffice.change.title')} subtitle={t('backoffice.change.subtitle')}>
      <form onSubmit={onSubmit} noValidate>
        {error && <ErrorAlert>{error}</ErrorAlert>}
        {!state.email && (
          <TextField
            label={t('backoffice.change.email')}
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        )}
        <TextField
          label={t('backoffice.change.password')}
          type="password"
          autoComplete="new-password"
          required
          value={password1}
          onChange={(e) => setPassword1(e.target.value)}
          aria-describedby="password-rules"
        />
        <Rules>
          <button type="button" aria-expanded={rulesOpen} aria-controls="password-rules" onClick={() => setRulesOpen((open) => !open)}>
            {t('backoffice.change.rulesButton')}
          </button>
          {(rulesOpen || (password1 && problems.length > 0)) && (
            <ul id="password-rules" aria-label={t('backoffice.change.rulesTitle')}>
              {PASSWORD_RULES.map((rule) => (
                <li key={rule} className={password1 && !problems.includes(rule) ? 'ok' : undefined}>
                  {t(`backoffice.change.rules.${rule}`)}
                </li>
              ))}
            </ul>
          )}
        </Rules>
        <TextField
          label={t('backoffice.change.confirm')}
          type="password"
          autoComplete="new-password"
          required
          value={password2}
          onChange={(e) => setPassword2(e.target.value)}
        />
        <TextField
          label={t('backoffice.change.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          placeholder={t('backoffice.login.codePlaceholder', { count: SMS_CODE_PLACEHOLDER_LENGTH })}
          value={code}
          maxLength={10}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
        />
        <Button type="submit" $block disabled={submitting || !email || !password1 || !password2 || code.length < SMS_VALIDATE_MIN_LENGTH}>
          {t('backoffice.change.submit')}
        </Button>
      </form>
      <LinkRow>
        <Link to="/cms/login">{t('backoffice.recovery.back')}</Link>
        <button type="button" className="link" disabled={!countdown.done || !email} onClick={() => void resend()} aria-live="polite">
          {countdown.done ? t('backoffice.login.resend') : t('backoffice.login.resendIn', { seconds: countdown.left })}
        </button>
      </LinkRow>
    </AuthLayout>
  );
};
