import '../../shared/i18n/site';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { SessionClient } from '@plataforma/adapter';
import { ApiError } from '@plataforma/adapter/envelope';
import { DarkInput, FormAlert } from '../../shared/ui/fields';
import { ScreenPage } from '../../shared/ui/ScreenPage';
import { api } from '../../shared/api';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { messageText } from '../../shared/i18n';
import { useAppState } from '../../shared/state/store';
import { Button } from '../../shared/ui/Button';
import { Card, Labelled, PasswordField } from './form';
import { returnPath } from './register';

/** Where a signed-in client goes when the link named nowhere. */
export const PROFILE_PATH = '/perfil';

/**
 * `/entrar`: a client's full sign-in — e-mail and password, then the code sent by SMS when the
 * client has a phone (the second factor). Signed in, they go where the link came from
 * (`?voltar=`, a path of this site) or to their profile. A soft session that wants the
 * profile is sent here (`?motivo=perfil`) and asked for the password.
 */
export const LoginPage = () => {
  const { t } = useTranslation();
  useDocumentTitle(t('site.login.title'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const back = returnPath(params.get('voltar'), PROFILE_PATH);
  const softEmail = useAppState((state) => (state.auth.currentClient?.soft ? state.auth.currentClient.email : ''));
  const [email, setEmail] = useState(softEmail);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [attemptId, setAttemptId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const base = useId();

  const finish = (account: SessionClient, token: string) => {
    useAppState.getState().signIn(account, 'client', token);
    useAppState.getState().showToast(t('site.login.welcome', { name: account.name }), 'success');
    navigate(back, { replace: true });
  };

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

  const signIn = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError(t('site.login.required'));
      return;
    }
    void run(async () => {
      const answer = (await api.auth.login({ email: email.trim(), password, type: 'client' })).data;
      if (!answer.sms) return finish(answer.client, answer.token);
      if (answer.firstAccess || !answer.attemptId) throw new ApiError(400, 'auth.error.invalidCode');
      setAttemptId(answer.attemptId);
    });
  };

  const checkCode = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{4,10}$/.test(code.trim())) {
      setError(t('site.login.codeRequired'));
      return;
    }
    void run(async () => {
      const answer = (await api.auth.checkSms({ email: email.trim(), code: code.trim(), type: 'client', attemptId: attemptId as string }))
        .data;
      finish(answer.account as SessionClient, answer.token);
    });
  };

  return (
    <ScreenPage $width={480}>
      <div className="wrap">
        <h1>{t('site.login.title')}</h1>
        <p className="intro">{params.get('motivo') === 'perfil' ? t('site.login.forProfile') : t('site.login.intro')}</p>
        {attemptId === null ? (
          <Card onSubmit={signIn} noValidate aria-label={t('site.login.title')}>
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
            <PasswordField id={`${base}-password`} label={t('site.register.password')} value={password} onChange={setPassword} />
            <Button type="submit" disabled={submitting} $block>
              {submitting ? t('site.login.submitting') : t('site.login.submit')}
            </Button>
            <p className="footer">
              <Link to="/recuperar-senha">{t('site.login.forgot')}</Link>
            </p>
            <p className="footer">
              {t('site.login.noAccount')} <Link to={`/cadastro?voltar=${encodeURIComponent(back)}`}>{t('halls.login.register')}</Link>
            </p>
          </Card>
        ) : (
          <Card onSubmit={checkCode} noValidate aria-label={t('site.login.codeTitle')}>
            <p>{t('site.login.codeSent')}</p>
            {error && <FormAlert>{error}</FormAlert>}
            <Labelled id={`${base}-code`} label={t('site.login.code')}>
              {() => (
                <DarkInput
                  id={`${base}-code`}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={10}
                  autoFocus
                  value={code}
                  onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
                />
              )}
            </Labelled>
            <Button type="submit" disabled={submitting} $block>
              {submitting ? t('site.login.submitting') : t('site.login.confirm')}
            </Button>
          </Card>
        )}
      </div>
    </ScreenPage>
  );
};
