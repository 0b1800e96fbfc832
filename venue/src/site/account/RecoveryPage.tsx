import '../../shared/i18n/site';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { SessionClient } from '@plataforma/adapter';
import { ApiError } from '@plataforma/adapter/envelope';
import { passwordProblems } from '@plataforma/adapter/password';
import { DarkInput, FormAlert } from '../../shared/ui/fields';
import { ScreenPage } from '../../shared/ui/ScreenPage';
import { api } from '../../shared/api';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { messageText } from '../../shared/i18n';
import { useAppState } from '../../shared/state/store';
import { Button } from '../../shared/ui/Button';
import { Card, Labelled, PasswordField, PasswordRules } from './form';
import { PROFILE_PATH } from './LoginPage';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * `/recuperar-senha`: a client who forgot the password asks for a code (sent by SMS to the phone
 * of the account; the answer is the same whether or not the e-mail is known), then types it with
 * a new password (its rules ticked as typed). The server signs them in; they go to the profile.
 */
export const RecoveryPage = () => {
  const { t } = useTranslation();
  useDocumentTitle(t('site.recovery.title'));
  const navigate = useNavigate();
  const base = useId();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [code, setCode] = useState('');
  const [password1, setPassword1] = useState('');
  const [password2, setPassword2] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const problems = passwordProblems(password1);

  const run = async (work: () => Promise<void>) => {
    if (submitting) return;
    setError(null);
    setSubmitting(true);
    try {
      await work();
    } catch (caught) {
      setError(messageText(caught instanceof ApiError ? caught.msg : undefined));
    } finally {
      setSubmitting(false);
    }
  };

  const ask = (event: FormEvent) => {
    event.preventDefault();
    if (!EMAIL.test(email.trim())) return setError(t('site.register.error.email'));
    void run(async () => {
      await api.auth.recovery({ email: email.trim(), type: 'client' });
      setSent(true);
    });
  };

  const change = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{4,10}$/.test(code)) return setError(t('site.login.codeRequired'));
    if (problems.length > 0) return setError(messageText('auth.error.passwordRules'));
    if (password1 !== password2) return setError(messageText('auth.error.passwordMismatch'));
    void run(async () => {
      const answer = (await api.auth.changePassword({ email: email.trim(), type: 'client', code, password1, password2 })).data;
      useAppState.getState().signIn(answer.account as SessionClient, 'client', answer.token);
      useAppState.getState().showToast(messageText('auth.password.changed'), 'success');
      navigate(PROFILE_PATH, { replace: true });
    });
  };

  return (
    <ScreenPage $width={480}>
      <div className="wrap">
        <h1>{t('site.recovery.title')}</h1>
        {!sent ? (
          <Card onSubmit={ask} noValidate aria-label={t('site.recovery.title')}>
            <p>{t('site.recovery.intro')}</p>
            {error && <FormAlert>{error}</FormAlert>}
            <Labelled id={`${base}-email`} label={t('site.register.email')}>
              {() => (
                <DarkInput
                  id={`${base}-email`}
                  type="email"
                  autoComplete="email"
                  inputMode="email"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                />
              )}
            </Labelled>
            <Button type="submit" disabled={submitting} $block>
              {t('site.recovery.send')}
            </Button>
            <p className="footer">
              <Link to="/entrar">{t('site.recovery.back')}</Link>
            </p>
          </Card>
        ) : (
          <Card onSubmit={change} noValidate aria-label={t('site.recovery.changeTitle')}>
            <p role="status">{messageText('auth.recovery.sent')}</p>
            {error && <FormAlert>{error}</FormAlert>}
            <Labelled id={`${base}-code`} label={t('site.login.code')}>
              {() => (
                <DarkInput
                  id={`${base}-code`}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={10}
                  value={code}
                  onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
                />
              )}
            </Labelled>
            <PasswordField
              id={`${base}-password1`}
              label={t('site.recovery.newPassword')}
              autoComplete="new-password"
              alsoDescribedBy={`${base}-rules`}
              value={password1}
              onChange={setPassword1}
            />
            <PasswordRules id={`${base}-rules`} password={password1} />
            <PasswordField
              id={`${base}-password2`}
              label={t('site.register.passwordConfirm')}
              autoComplete="new-password"
              value={password2}
              onChange={setPassword2}
            />
            <Button type="submit" disabled={submitting} $block>
              {t('site.recovery.save')}
            </Button>
          </Card>
        )}
      </div>
    </ScreenPage>
  );
};
