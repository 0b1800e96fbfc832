import '../../shared/i18n/site';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { ClientProfile } from '@plataforma/adapter';
import { clientProfileUpdateSchema } from '@plataforma/adapter/contracts/client';
import { ApiError } from '@plataforma/adapter/envelope';
import { messageText } from '../../shared/i18n';
import { useAppState } from '../../shared/state/store';
import { Button } from '../../shared/ui/Button';
import { DarkInput, FormAlert } from '../../shared/ui/fields';
import { fieldIssue, useSiteForm } from '../forms/useSiteForm';
import { useUpdateProfile } from './api';
import { AddressFields, Card, Labelled } from './form';
import { fieldOfKey, maskCep, maskCpf } from './register';

type ProfileField = 'name' | 'cpf' | 'postalCode' | 'address' | 'state' | 'city';
type ProfileValues = Record<ProfileField, string>;
/** What the form holds: the profile's fields, the e-mail and, for a new e-mail, the current password. */
type ProfileFormValues = ProfileValues & { email: string; currentPassword: string };

const PROFILE_FIELDS: ProfileField[] = ['name', 'cpf', 'postalCode', 'address', 'state', 'city'];
/** The order of the fields on the screen: the first refused one takes the focus. */
const ORDER: Array<keyof ProfileFormValues> = ['name', 'email', 'currentPassword', 'cpf', 'postalCode', 'address', 'state', 'city'];

const formOf = (profile: ClientProfile): ProfileValues => ({
  name: profile.name,
  cpf: profile.cpf ? maskCpf(profile.cpf) : '',
  postalCode: profile.postalCode ? maskCep(profile.postalCode) : '',
  address: profile.address ?? '',
  state: profile.state ?? '',
  city: profile.city ?? '',
});

const valuesOf = (profile: ClientProfile): ProfileFormValues => ({ ...formOf(profile), email: profile.email, currentPassword: '' });

const digits = (value: string) => value.replace(/\D/g, '');

/** The fields that changed, as PUT /clients/me takes them ('' clears one). */
export const profileChanges = (before: ProfileValues, after: ProfileValues): Partial<Record<ProfileField, string>> => {
  const wire = (form: ProfileValues): ProfileValues => ({
    ...form,
    name: form.name.trim(),
    cpf: digits(form.cpf),
    postalCode: digits(form.postalCode),
    address: form.address.trim(),
  });
  const [a, b] = [wire(before), wire(after)];
  const changes: Partial<Record<ProfileField, string>> = {};
  for (const field of PROFILE_FIELDS) if (a[field] !== b[field]) changes[field] = b[field];
  // A city is checked against its state: a changed city goes with the state it belongs to.
  if (changes.city !== undefined && changes.state === undefined) changes.state = b.state;
  return changes;
};

const emailChangedFrom = (profile: ClientProfile, email: string) => email.trim().toLowerCase() !== profile.email.toLowerCase();

/**
 * The profile form's schema: a name is needed, a new e-mail needs the current password; then the
 * changes only (the e-mail with the password when it is new), piped into the contract's schema.
 */
const profileSchema = (profile: ClientProfile) =>
  z
    .object(Object.fromEntries(ORDER.map((field) => [field, z.string()])) as Record<keyof ProfileFormValues, z.ZodString>)
    .superRefine((form, ctx) => {
      if (!form.name.trim()) ctx.addIssue(fieldIssue('name', 'site.register.error.name'));
      if (emailChangedFrom(profile, form.email) && !form.currentPassword)
        ctx.addIssue(fieldIssue('currentPassword', 'site.profile.currentPasswordMissing'));
    })
    .transform((form): z.input<typeof clientProfileUpdateSchema> => {
      const changes: z.input<typeof clientProfileUpdateSchema> = profileChanges(formOf(profile), form);
      if (emailChangedFrom(profile, form.email))
        Object.assign(changes, { email: form.email.trim(), currentPassword: form.currentPassword });
      return changes;
    })
    .pipe(clientProfileUpdateSchema);

/** The key of a refusal the contract's schema finds in a field. */
const FIELD_MESSAGES: Partial<Record<keyof ProfileFormValues, string>> = {
  name: 'site.register.error.name',
  email: 'site.register.error.email',
  cpf: 'clients.error.invalidCpf',
  postalCode: 'clients.error.invalidCep',
  state: 'clients.error.invalidState',
  city: 'clients.error.invalidCity',
};

/**
 * `/perfil`'s form: name, e-mail (a new one with the current password), CPF, postal code, address,
 * state and city; only what changed is sent, and a refusal shows under its field.
 */
export const ProfileForm = ({ profile }: { profile: ClientProfile }) => {
  const { t } = useTranslation();
  const base = useId();
  const idOf = (field: keyof ProfileFormValues) => `${base}-${field}`;
  const schema = useMemo(() => profileSchema(profile), [profile]);
  const { form, field, errorOf, refuse, submit } = useSiteForm({
    schema,
    defaultValues: valuesOf(profile),
    order: ORDER,
    messages: FIELD_MESSAGES,
  });
  const [alert, setAlert] = useState<string | null>(null);
  const save = useUpdateProfile({
    onSaved: (fresh) => {
      useAppState.getState().showToast(t('api.updated'), 'success');
      form.reset(valuesOf(fresh));
    },
  });
  const emailChanged = emailChangedFrom(profile, form.watch('email'));

  const onSubmit = submit((changes) => {
    if (Object.keys(changes).length === 0) {
      useAppState.getState().showToast(t('site.profile.unchanged'), 'info');
      return;
    }
    save.mutate(changes, {
      onError: (error) => {
        const key = error instanceof ApiError ? error.msg : undefined;
        const refused = key ? fieldOfKey(key) : null;
        if (key === 'clients.error.emailNeedsPassword' || key === 'auth.error.invalidCredentials') refuse('currentPassword', key);
        else if (key && refused === 'email') refuse('email', key);
        else if (key && refused && (PROFILE_FIELDS as string[]).includes(refused)) refuse(refused as ProfileField, key);
        else setAlert(messageText(key));
      },
    });
  });

  const phone = profile.phone
    ? `+${profile.ddi ?? '55'} ${profile.ddd ? `(${profile.ddd}) ` : ''}${profile.phone}`
    : t('site.profile.noPhone');

  return (
    <Card
      onSubmit={(event) => {
        setAlert(null);
        void onSubmit(event);
      }}
      noValidate
      aria-label={t('site.profile.title')}
    >
      {alert && <FormAlert>{alert}</FormAlert>}
      <fieldset>
        <legend>{t('site.register.you')}</legend>
        <Labelled id={idOf('name')} label={t('site.register.name')} error={errorOf('name')}>
          {(describedBy) => (
            <DarkInput id={idOf('name')} {...field('name')} autoComplete="name" maxLength={200} aria-describedby={describedBy} />
          )}
        </Labelled>
        <div className="row">
          <Labelled id={idOf('email')} label={t('site.register.email')} note={t('site.profile.emailNote')} error={errorOf('email')}>
            {(describedBy) => (
              <DarkInput
                id={idOf('email')}
                {...field('email')}
                type="email"
                autoComplete="email"
                maxLength={200}
                aria-describedby={describedBy}
                onChange={(event) => {
                  field('email').onChange(event);
                  form.clearErrors('currentPassword');
                }}
              />
            )}
          </Labelled>
          <Labelled id={`${base}-phone`} label={t('site.register.phone')} note={t('site.profile.phoneNote')}>
            {(describedBy) => <DarkInput id={`${base}-phone`} value={phone} readOnly aria-describedby={describedBy} />}
          </Labelled>
        </div>
        {emailChanged && (
          <Labelled
            id={idOf('currentPassword')}
            label={t('site.profile.currentPassword')}
            note={t('site.profile.currentPasswordNote')}
            error={errorOf('currentPassword')}
          >
            {(describedBy) => (
              <DarkInput
                id={idOf('currentPassword')}
                {...field('currentPassword')}
                type="password"
                autoComplete="current-password"
                aria-describedby={describedBy}
              />
            )}
          </Labelled>
        )}
        <Labelled id={idOf('cpf')} label={t('site.register.cpf')} error={errorOf('cpf')}>
          {(describedBy) => (
            <DarkInput id={idOf('cpf')} {...field('cpf', { mask: maskCpf })} inputMode="numeric" aria-describedby={describedBy} />
          )}
        </Labelled>
      </fieldset>
      <AddressFields idOf={idOf} field={field} errorOf={errorOf} state={form.watch('state')} />
      <Button type="submit" disabled={save.isPending} $block>
        {save.isPending ? t('site.profile.saving') : t('site.profile.save')}
      </Button>
    </Card>
  );
};
