import '../../shared/i18n/site';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { z } from 'zod';
import type { ChangePasswordInput, RecoveryInput } from '@plataforma/adapter';
import { changePasswordInputSchema, recoveryInputSchema } from '@plataforma/adapter/contracts/auth';
import { passwordProblems } from '@plataforma/adapter/password';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { messageText } from '../../shared/i18n';
import { useAppState } from '../../shared/state/store';
import { Button } from '../../shared/ui/Button';
import { DarkInput, FormAlert } from '../../shared/ui/fields';
import { ScreenPage } from '../../shared/ui/ScreenPage';
import { fieldIssue, unmarked, useSiteForm, type StepProps } from '../forms/useSiteForm';
import { useRun } from '../forms/useRun';
import { askRecoveryCode, recoverPassword } from './api';
import { Card, CodeInput, digitsOnly, Labelled, PasswordField, PasswordRules } from './form';
import { PROFILE_PATH } from './LoginPage';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The first step: the account's e-mail, as /auth/recovery takes it. */
const askSchema = z
  .object({ email: z.string() })
  .superRefine((form, ctx) => {
    if (!EMAIL.test(form.email.trim())) ctx.addIssue(fieldIssue('email', 'site.register.error.email'));
  })
  .transform((form): RecoveryInput => ({ email: form.email.trim(), type: 'client' }))
  .pipe(recoveryInputSchema);

/** The second step: the code, the new password (its rules) and again, as /auth/password takes them. */
const changeSchema = (email: string) =>
  z
    .object({ code: z.string(), password1: z.string(), password2: z.string() })
    .superRefine((form, ctx) => {
      if (!/^\d{4,10}$/.test(form.code)) ctx.addIssue(fieldIssue('code', 'site.login.codeRequired'));
      else if (passwordProblems(form.password1).length > 0) ctx.addIssue(fieldIssue('password1', 'auth.error.passwordRules'));
      else if (form.password1 !== form.password2) ctx.addIssue(fieldIssue('password2', 'auth.error.passwordMismatch'));
    })
    .transform((form): ChangePasswordInput => ({ ...form, email, type: 'client' }))
    .pipe(changePasswordInputSchema);

/**
 * `/recuperar-senha`: a client who forgot the password asks for a code (sent by SMS to the phone
 * of the account; the answer is the same whether or not the e-mail is known), then types it with
 * a new password (its rules ticked as typed). The server signs them in; they go to the profile.
 */
export const RecoveryPage = () => {
  const { t } = useTranslation();
  useDocumentTitle(t('site.recovery.title'));
  const navigate = useNavigate();
  const [email, setEmail] = useState<string | null>(null);
  const { error, setError, submitting, run } = useRun();
  const refused = (key: string) => setError(messageText(key));

  return (
    <ScreenPage $width={480}>
      <div className="wrap">
        <h1>{t('site.recovery.title')}</h1>
        {email === null ? (
          <AskStep
            error={error}
            submitting={submitting}
            onRefused={refused}
            onSubmit={(input) =>
              run(async () => {
                await askRecoveryCode(input.email);
                setEmail(input.email);
              })
            }
          />
        ) : (
          <ChangeStep
            email={email}
            error={error}
            submitting={submitting}
            onRefused={refused}
            onSubmit={(input) =>
              run(async () => {
                const answer = await recoverPassword(input);
                useAppState.getState().signIn(answer.account, 'client', answer.token);
                useAppState.getState().showToast(messageText('auth.password.changed'), 'success');
                navigate(PROFILE_PATH, { replace: true });
              })
            }
          />
        )}
      </div>
    </ScreenPage>
  );
};

const AskStep = ({ error, submitting, onRefused, onSubmit }: StepProps<z.output<typeof askSchema>>) => {
  const { t } = useTranslation();
  const base = useId();
  const { field, submit } = useSiteForm({ schema: askSchema, defaultValues: { email: '' }, order: ['email'] });
  return (
    <Card onSubmit={(event) => void submit(onSubmit, onRefused)(event)} noValidate aria-label={t('site.recovery.title')}>
      <p>{t('site.recovery.intro')}</p>
      {error && <FormAlert>{error}</FormAlert>}
      <Labelled id={`${base}-email`} label={t('site.register.email')}>
        {() => <DarkInput id={`${base}-email`} {...unmarked(field('email'))} type="email" autoComplete="email" inputMode="email" />}
      </Labelled>
      <Button type="submit" disabled={submitting} $block>
        {t('site.recovery.send')}
      </Button>
      <p className="footer">
        <Link to="/entrar">{t('site.recovery.back')}</Link>
      </p>
    </Card>
  );
};

const ChangeStep = ({
  email,
  error,
  submitting,
  onRefused,
  onSubmit,
}: StepProps<z.output<ReturnType<typeof changeSchema>>> & { email: string }) => {
  const { t } = useTranslation();
  const base = useId();
  const schema = useMemo(() => changeSchema(email), [email]);
  const { field, submit, form } = useSiteForm({
    schema,
    defaultValues: { code: '', password1: '', password2: '' },
    order: ['code', 'password1', 'password2'],
  });
  return (
    <Card onSubmit={(event) => void submit(onSubmit, onRefused)(event)} noValidate aria-label={t('site.recovery.changeTitle')}>
      <p role="status">{messageText('auth.recovery.sent')}</p>
      {error && <FormAlert>{error}</FormAlert>}
      <Labelled id={`${base}-code`} label={t('site.login.code')}>
        {() => <CodeInput id={`${base}-code`} field={unmarked(field('code', { mask: digitsOnly }))} />}
      </Labelled>
      <PasswordField
        id={`${base}-password1`}
        label={t('site.recovery.newPassword')}
        autoComplete="new-password"
        alsoDescribedBy={`${base}-rules`}
        field={field('password1')}
      />
      <PasswordRules id={`${base}-rules`} password={form.watch('password1')} />
      <PasswordField
        id={`${base}-password2`}
        label={t('site.register.passwordConfirm')}
        autoComplete="new-password"
        field={field('password2')}
      />
      <Button type="submit" disabled={submitting} $block>
        {t('site.recovery.save')}
      </Button>
    </Card>
  );
};
