import '../../shared/i18n/site';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { ApiError, ClientProfile } from '@plataforma/adapter';
import { clientPasswordChangeSchema } from '@plataforma/adapter/contracts/client';
import { ApiError as ApiFailure } from '@plataforma/adapter/envelope';
import { passwordProblems } from '@plataforma/adapter/password';
import { DarkInput, DarkSelect, FormAlert } from '../../shared/ui/fields';
import { messageText } from '../../shared/i18n';
import { maskPhone } from '../../shared/masks';
import { useAppState } from '../../shared/state/store';
import { Button } from '../../shared/ui/Button';
import { fieldIssue, useSiteForm } from '../forms/useSiteForm';
import { useRun } from '../forms/useRun';
import { changePassword, useAskPhoneChange, useConfirmPhoneChange } from './api';
import { Card, CountryOptions, Labelled, PasswordField, PasswordRules } from './form';

const digits = (value: string) => value.replace(/\D/g, '');

type PasswordName = 'currentPassword' | 'password' | 'passwordConfirm';

/** Which field a refusal of PUT /clients/me/password is about. */
const passwordFieldOf = (key: string): PasswordName | null =>
  key === 'auth.error.invalidCredentials'
    ? 'currentPassword'
    : key === 'auth.error.passwordRules'
      ? 'password'
      : key === 'auth.error.passwordMismatch'
        ? 'passwordConfirm'
        : null;

/** The current password, then a new one that meets the rules, twice (the first problem only, in that order). */
const passwordChangeSchema = z
  .object({ currentPassword: z.string(), password: z.string(), passwordConfirm: z.string() })
  .superRefine((form, ctx) => {
    if (!form.currentPassword) ctx.addIssue(fieldIssue('currentPassword', 'site.profile.security.currentMissing'));
    else if (passwordProblems(form.password).length) ctx.addIssue(fieldIssue('password', 'auth.error.passwordRules'));
    else if (form.password !== form.passwordConfirm) ctx.addIssue(fieldIssue('passwordConfirm', 'auth.error.passwordMismatch'));
  })
  .pipe(clientPasswordChangeSchema);

const EMPTY_PASSWORDS = { currentPassword: '', password: '', passwordConfirm: '' };

/**
 * 'Trocar senha' in the profile: the current password, the new one with its rules ticked as
 * typed, and again; the server ends every other session of the client.
 */
export const PasswordChange = () => {
  const { t } = useTranslation();
  const base = useId();
  const { form, field, errorOf, refuse, submit } = useSiteForm({
    schema: passwordChangeSchema,
    defaultValues: EMPTY_PASSWORDS,
    order: ['currentPassword', 'password', 'passwordConfirm'],
  });
  const { error, submitting, run } = useRun();
  const idOf = (name: PasswordName) => `${base}-${name}`;

  const onSubmit = submit((input) =>
    run(async () => {
      try {
        await changePassword(input);
      } catch (caught) {
        const key = caught instanceof ApiFailure ? caught.msg : undefined;
        const refused = key ? passwordFieldOf(key) : null;
        if (key && refused) return refuse(refused, key);
        throw caught;
      }
      form.reset(EMPTY_PASSWORDS);
      useAppState.getState().showToast(messageText('auth.password.changed'), 'success');
    }),
  );

  const passwordField = (
    name: PasswordName,
    label: string,
    autoComplete: 'current-password' | 'new-password',
    alsoDescribedBy?: string,
  ) => (
    <PasswordField
      id={idOf(name)}
      label={label}
      autoComplete={autoComplete}
      field={field(name)}
      error={errorOf(name)}
      alsoDescribedBy={alsoDescribedBy}
    />
  );

  return (
    <Card onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby={`${base}-title`} style={{ marginTop: 24 }}>
      <h2 id={`${base}-title`} style={{ margin: 0, fontSize: '1.1rem' }}>
        {t('site.profile.security.passwordTitle')}
      </h2>
      {error && <FormAlert>{error}</FormAlert>}
      {passwordField('currentPassword', t('site.profile.currentPassword'), 'current-password')}
      {passwordField('password', t('site.profile.security.newPassword'), 'new-password', `${base}-rules`)}
      <PasswordRules id={`${base}-rules`} password={form.watch('password')} />
      {passwordField('passwordConfirm', t('site.register.passwordConfirm'), 'new-password')}
      <Button type="submit" disabled={submitting} $block>
        {submitting ? t('site.profile.saving') : t('site.profile.security.changePassword')}
      </Button>
    </Card>
  );
};

interface PhoneStep {
  attemptId: string;
  sentTo: string;
}

/**
 * The phone (the client's second factor) in the profile: 'Trocar celular' or 'Remover celular'
 * ask for the password and send a code by SMS (to the current phone, or to the new one when
 * there is none yet); the code confirms the change.
 */
export const PhoneChange = ({ profile }: { profile: ClientProfile }) => {
  const { t } = useTranslation();
  const ask = useAskPhoneChange();
  const confirm = useConfirmPhoneChange();
  const base = useId();
  const [mode, setMode] = useState<'closed' | 'change' | 'remove'>('closed');
  const [ddi, setDdi] = useState(profile.ddi ?? '55');
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<PhoneStep | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setMode('closed');
    setPhone('');
    setPassword('');
    setCode('');
    setStep(null);
    setError(null);
  };
  const asked = () => (mode === 'remove' ? { ddi: profile.ddi ?? '55', phone: null } : { ddi, phone: digits(phone) });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!password) return setError(t('site.profile.security.passwordMissing'));
    if (mode === 'change' && !digits(phone)) return setError(messageText('clients.error.invalidPhone'));
    setBusy(true);
    setError(null);
    try {
      if (!step) {
        const answer = await ask.mutateAsync({ password, ...asked() });
        setStep({ attemptId: answer.attemptId, sentTo: answer.sentTo });
      } else {
        await confirm.mutateAsync({ password, ...asked(), code: code.trim(), attemptId: step.attemptId });
        useAppState.getState().showToast(messageText('clients.phoneChanged'), 'success');
        close();
      }
    } catch (caught) {
      setError(messageText((caught as ApiError).msg));
    } finally {
      setBusy(false);
    }
  };

  if (mode === 'closed')
    return (
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
        <Button type="button" $variant="ghost" onClick={() => setMode('change')} style={{ color: '#ffb68c', borderColor: '#ffb68c' }}>
          {profile.phone ? t('site.profile.security.changePhone') : t('site.profile.security.addPhone')}
        </Button>
        {profile.phone && (
          <Button type="button" $variant="ghost" onClick={() => setMode('remove')} style={{ color: '#ffb68c', borderColor: '#ffb68c' }}>
            {t('site.profile.security.removePhone')}
          </Button>
        )}
      </div>
    );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${base}-title`} style={{ display: 'grid', gap: 14 }}>
      <h3 id={`${base}-title`} style={{ margin: 0, fontSize: '1rem' }}>
        {mode === 'remove' ? t('site.profile.security.removePhone') : t('site.profile.security.changePhone')}
      </h3>
      {error && <FormAlert>{error}</FormAlert>}
      {mode === 'change' && (
        <div className="row">
          <Labelled id={`${base}-ddi`} label={t('site.register.ddi')}>
            {() => (
              <DarkSelect id={`${base}-ddi`} value={ddi} disabled={Boolean(step)} onChange={(e) => setDdi(e.target.value)}>
                <CountryOptions />
              </DarkSelect>
            )}
          </Labelled>
          <Labelled id={`${base}-phone`} label={t('site.profile.security.newPhone')}>
            {() => (
              <DarkInput
                id={`${base}-phone`}
                type="tel"
                inputMode="tel"
                autoComplete="tel-national"
                placeholder={ddi === '55' ? '(99) 9 9999-9999' : undefined}
                value={phone}
                readOnly={Boolean(step)}
                onChange={(e) => setPhone(ddi === '55' ? maskPhone(e.target.value) : e.target.value.replace(/[^\d\s-]/g, '').slice(0, 20))}
              />
            )}
          </Labelled>
        </div>
      )}
      <PasswordField
        id={`${base}-password`}
        label={t('site.profile.erase.password')}
        value={password}
        readOnly={Boolean(step)}
        onChange={setPassword}
      />
      {step && (
        <Labelled
          id={`${base}-code`}
          label={t('site.profile.security.code')}
          note={t('site.profile.security.codeSent', { sentTo: step.sentTo })}
        >
          {(describedBy) => (
            <DarkInput
              id={`${base}-code`}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={8}
              value={code}
              aria-describedby={describedBy}
              onChange={(e) => setCode(digits(e.target.value))}
              autoFocus
            />
          )}
        </Labelled>
      )}
      <div style={{ display: 'flex', gap: 12, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        <Button type="button" $variant="ghost" onClick={close} style={{ color: 'inherit', borderColor: 'currentColor' }}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={busy || (Boolean(step) && code.length < 3)}>
          {step ? t('site.profile.security.confirmCode') : t('site.profile.security.sendCode')}
        </Button>
      </div>
    </form>
  );
};
