import '../../shared/i18n/site';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import type { CheckSmsInput, LoginInput, SessionClient } from '@plataforma/adapter';
import { checkSmsInputSchema, loginInputSchema } from '@plataforma/adapter/contracts/auth';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { useAppState } from '../../shared/state/store';
import { Button } from '../../shared/ui/Button';
import { DarkInput, FormAlert } from '../../shared/ui/fields';
import { ScreenPage } from '../../shared/ui/ScreenPage';
import { fieldIssue, unmarked, useSiteForm, type StepProps } from '../forms/useSiteForm';
import { useRun } from '../forms/useRun';
import { signInWithCode, signInWithPassword } from './api';
import { Card, CodeInput, digitsOnly, Labelled, PasswordField } from './form';
import { returnPath } from './register';

/** Where a signed-in client goes when the link named nowhere. */
export const PROFILE_PATH = '/perfil';

/** The first step: e-mail and password, both asked for ('Informe o e-mail e a senha.'), then as /auth/login takes them. */
const passwordStepSchema = z
  .object({ email: z.string(), password: z.string() })
  .superRefine((form, ctx) => {
    if (!form.email.trim() || !form.password) ctx.addIssue(fieldIssue('email', 'site.login.required'));
  })
  .transform((form): LoginInput => ({ email: form.email.trim(), password: form.password, type: 'client' }))
  .pipe(loginInputSchema);

/** The second step: the code (digits only) of the attempt the first step started. */
const codeStepSchema = (email: string, attemptId: string) =>
  z
    .object({ code: z.string() })
    .superRefine((form, ctx) => {
      if (!/^\d{4,10}$/.test(form.code.trim())) ctx.addIssue(fieldIssue('code', 'site.login.codeRequired'));
    })
    .transform((form): CheckSmsInput => ({ email: email.trim(), code: form.code.trim(), type: 'client', attemptId }))
    .pipe(checkSmsInputSchema);

/**
 * `/entrar`: a client's full sign-in — e-mail and password, then the code sent by SMS when the
 * client has a phone (the second factor). Signed in, they go where the link came from
 * (`?voltar=`, a path of this site) or to their profile. A soft session that wants the
 * profile is sent here (`?motivo=perfil`) and asked for the password.
 */
/** The intro by why the visitor was sent here (`?motivo=`): the profile, or the agenda's stars and the favourites (decision 101). */
const INTRO_BY_REASON: Record<string, string> = { perfil: 'site.login.forProfile', marcas: 'site.login.forMarks' };

export const LoginPage = () => {
  const { t } = useTranslation();
  useDocumentTitle(t('site.login.title'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const back = returnPath(params.get('voltar'), PROFILE_PATH);
  const softEmail = useAppState((state) => (state.auth.currentClient?.soft ? state.auth.currentClient.email : ''));
  const [attempt, setAttempt] = useState<{ email: string; attemptId: string } | null>(null);
  const { error, setError, submitting, run } = useRun();

  const finish = (account: SessionClient, token: string) => {
    useAppState.getState().signIn(account, 'client', token);
    useAppState.getState().showToast(t('site.login.welcome', { name: account.name }), 'success');
    navigate(back, { replace: true });
  };

  return (
    <ScreenPage $width={480}>
      <div className="wrap">
        <h1>{t('site.login.title')}</h1>
        <p className="intro">{t(INTRO_BY_REASON[params.get('motivo') ?? ''] ?? 'site.login.intro')}</p>
        {attempt === null ? (
          <PasswordStep
            softEmail={softEmail}
            back={back}
            error={error}
            submitting={submitting}
            onRefused={(key) => setError(t(key))}
            onSubmit={(input) =>
              run(async () => {
                const step = await signInWithPassword(input.email, input.password);
                if (step.done) finish(step.account, step.token);
                else setAttempt({ email: input.email, attemptId: step.attemptId });
              })
            }
          />
        ) : (
          <CodeStep
            attempt={attempt}
            error={error}
            submitting={submitting}
            onRefused={(key) => setError(t(key))}
            onSubmit={(input) =>
              run(async () => {
                const answer = await signInWithCode(input.email, input.code, input.attemptId ?? attempt.attemptId);
                finish(answer.account, answer.token);
              })
            }
          />
        )}
      </div>
    </ScreenPage>
  );
};

const PasswordStep = ({
  softEmail,
  back,
  error,
  submitting,
  onRefused,
  onSubmit,
}: StepProps<z.output<typeof passwordStepSchema>> & { softEmail: string; back: string }) => {
  const { t } = useTranslation();
  const base = useId();
  const { field, submit } = useSiteForm({
    schema: passwordStepSchema,
    defaultValues: { email: softEmail, password: '' },
    order: ['email', 'password'],
  });
  return (
    <Card onSubmit={(event) => void submit(onSubmit, onRefused)(event)} noValidate aria-label={t('site.login.title')}>
      {error && <FormAlert>{error}</FormAlert>}
      <Labelled id={`${base}-email`} label={t('site.register.email')}>
        {() => <DarkInput id={`${base}-email`} {...unmarked(field('email'))} type="email" autoComplete="email" inputMode="email" />}
      </Labelled>
      <PasswordField id={`${base}-password`} label={t('site.register.password')} field={field('password')} />
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
  );
};

const CodeStep = ({
  attempt,
  error,
  submitting,
  onRefused,
  onSubmit,
}: StepProps<z.output<ReturnType<typeof codeStepSchema>>> & { attempt: { email: string; attemptId: string } }) => {
  const { t } = useTranslation();
  const base = useId();
  const schema = useMemo(() => codeStepSchema(attempt.email, attempt.attemptId), [attempt]);
  const { field, submit } = useSiteForm({ schema, defaultValues: { code: '' }, order: ['code'] });
  return (
    <Card onSubmit={(event) => void submit(onSubmit, onRefused)(event)} noValidate aria-label={t('site.login.codeTitle')}>
      <p>{t('site.login.codeSent')}</p>
      {error && <FormAlert>{error}</FormAlert>}
      <Labelled id={`${base}-code`} label={t('site.login.code')}>
        {() => <CodeInput id={`${base}-code`} field={unmarked(field('code', { mask: digitsOnly }))} autoFocus />}
      </Labelled>
      <Button type="submit" disabled={submitting} $block>
        {submitting ? t('site.login.submitting') : t('site.login.confirm')}
      </Button>
    </Card>
  );
};
