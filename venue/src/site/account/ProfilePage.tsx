import '../../shared/i18n/site';
import '../../shared/commerce/texts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import type { ApiError, ClientProfile, Event, ListResult, NetworkConsent } from '@plataforma/adapter';
import states from '../../../../database/reference/states.json';
import { DarkInput, DarkSelect, FormAlert } from '../../shared/ui/fields';
import { ScreenPage } from '../../shared/ui/ScreenPage';
import { logoutClient } from '../../shared/session/api';
import { api } from '../../shared/api';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { messageText } from '../../shared/i18n';
import { clientToken, useAppState } from '../../shared/state/store';
import { Button } from '../../shared/ui/Button';
import { PageLoading } from '../../shared/ui/PageLoading';
import { CertificatePanel } from '../certificates/CertificatePanel';
import { EventCard } from '../events/EventCard';
import { DeleteAccount } from './DeleteAccount';
import { PasswordChange, PhoneChange } from './SecurityCard';
import { Card, Labelled } from './form';
import { fieldOfKey, maskCep, maskCpf, type RegisterField } from './register';

const MyEvents = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(220px, 1fr));
  gap: 16px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

type ProfileField = 'name' | 'cpf' | 'postalCode' | 'address' | 'state' | 'city';
type ProfileForm = Record<ProfileField, string>;

const PROFILE_FIELDS: ProfileField[] = ['name', 'cpf', 'postalCode', 'address', 'state', 'city'];

const formOf = (profile: ClientProfile): ProfileForm => ({
  name: profile.name,
  cpf: profile.cpf ? maskCpf(profile.cpf) : '',
  postalCode: profile.postalCode ? maskCep(profile.postalCode) : '',
  address: profile.address ?? '',
  state: profile.state ?? '',
  city: profile.city ?? '',
});

const digits = (value: string) => value.replace(/\D/g, '');

/** The fields that changed, as PUT /clients/me takes them ('' clears one). */
export const profileChanges = (before: ProfileForm, after: ProfileForm): Partial<Record<ProfileField, string>> => {
  const wire = (form: ProfileForm): ProfileForm => ({
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

const profileKey = ['client-profile'] as const;
const consentKey = ['network-consent'] as const;

/**
 * `/perfil`: the signed-in client's own data (SPEC §5's client fields): name, e-mail (a new one
 * with the current password), CPF, postal code, address, state and city to edit; the phone shown
 * (it changes only through its SMS code); whether they are listed in the events' networking room,
 * and whether the list shows their e-mail there (issue 17: a second choice, open while listed);
 * the LGPD download and deletion; and 'Sair'. A soft session is sent to `/entrar` for the password
 * first.
 */
export const ProfilePage = () => {
  const { t } = useTranslation();
  useDocumentTitle(t('site.profile.title'));
  const client = useAppState((state) => state.auth.currentClient);
  if (!client || client.soft) return <Navigate to={`/entrar?voltar=${encodeURIComponent('/perfil')}&motivo=perfil`} replace />;
  return <Profile />;
};

const Profile = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queries = useQueryClient();
  const base = useId();
  const profile = useQuery<ClientProfile, ApiError>({ queryKey: profileKey, queryFn: () => api.site.clients.me() });
  const consent = useQuery<NetworkConsent, ApiError>({ queryKey: consentKey, queryFn: () => api.site.networks.consent() });
  const events = useQuery<ListResult<Event>, ApiError>({ queryKey: ['my-events'], queryFn: () => api.site.events.me() });
  const [form, setForm] = useState<ProfileForm | null>(null);
  const [email, setEmail] = useState<string | null>(null);
  const [currentPassword, setCurrentPassword] = useState('');
  const [fieldError, setFieldError] = useState<{ field: ProfileField | 'email' | 'currentPassword'; text: string } | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);

  useEffect(() => {
    if (profile.data && !form) setForm(formOf(profile.data));
    if (profile.data && email === null) setEmail(profile.data.email);
  }, [profile.data, form, email]);

  const save = useMutation<unknown, ApiError, Partial<Record<ProfileField | 'email' | 'currentPassword', string>>>({
    mutationFn: (changes) => api.site.clients.update(changes),
    onSuccess: async () => {
      useAppState.getState().showToast(t('api.updated'), 'success');
      const fresh = await queries.fetchQuery({ queryKey: profileKey, queryFn: () => api.site.clients.me() });
      setForm(formOf(fresh));
      setEmail(fresh.email);
      setCurrentPassword('');
      // The header and the stored session show the client's name and e-mail: they follow a change.
      const state = useAppState.getState();
      const current = state.auth.currentClient;
      const token = clientToken();
      if (current && token && (current.email !== fresh.email || current.name !== fresh.name))
        state.signIn({ ...current, email: fresh.email, name: fresh.name }, 'client', token);
    },
  });
  // [listed] turns the listing on or off (the e-mail choice kept); [listed, showEmail] sets both.
  const listing = useMutation<NetworkConsent, ApiError, [listed: boolean, showEmail?: boolean]>({
    mutationFn: (choice) => api.site.networks.setConsent(...choice),
    onSuccess: (answer) => queries.setQueryData(consentKey, answer),
    onError: (error) => useAppState.getState().showToast(messageText(error.msg), 'error'),
  });

  if (profile.isError)
    return (
      <ScreenPage $width={640}>
        <div className="wrap">
          <h1>{t('site.profile.title')}</h1>
          <p role="alert">{messageText(profile.error.msg)}</p>
        </div>
      </ScreenPage>
    );
  if (!profile.data || !form || email === null) return <PageLoading />;
  const data = profile.data;
  const cities = states.find((state) => state.sigla === form.state)?.cidades ?? [];
  const idOf = (field: ProfileField) => `${base}-${field}`;
  const set = (field: ProfileField, value: string) => {
    setForm({ ...form, [field]: value, ...(field === 'state' ? { city: '' } : {}) });
    if (fieldError?.field === field) setFieldError(null);
  };
  const errorOf = (field: ProfileField | 'email' | 'currentPassword') => (fieldError?.field === field ? fieldError.text : undefined);
  const emailChanged = email.trim().toLowerCase() !== data.email.toLowerCase();
  const input = (field: ProfileField) => ({
    id: idOf(field),
    value: form[field],
    'aria-invalid': errorOf(field) ? true : undefined,
    'aria-describedby': errorOf(field) ? `${idOf(field)}-error` : undefined,
    onChange: (event: { target: { value: string } }) => set(field, event.target.value),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAlert(null);
    if (!form.name.trim()) {
      setFieldError({ field: 'name', text: t('site.register.error.name') });
      document.getElementById(idOf('name'))?.focus();
      return;
    }
    const changes: Partial<Record<ProfileField | 'email' | 'currentPassword', string>> = profileChanges(formOf(data), form);
    if (emailChanged) {
      if (!currentPassword) {
        setFieldError({ field: 'currentPassword', text: t('site.profile.currentPasswordMissing') });
        document.getElementById(`${base}-current`)?.focus();
        return;
      }
      changes.email = email.trim();
      changes.currentPassword = currentPassword;
    }
    if (Object.keys(changes).length === 0) {
      useAppState.getState().showToast(t('site.profile.unchanged'), 'info');
      return;
    }
    save.mutate(changes, {
      onError: (error) => {
        const field = fieldOfKey(error.msg) as RegisterField | null;
        if (error.msg === 'clients.error.emailNeedsPassword' || error.msg === 'auth.error.invalidCredentials') {
          setFieldError({ field: 'currentPassword', text: messageText(error.msg) });
          document.getElementById(`${base}-current`)?.focus();
        } else if (field === 'email') {
          setFieldError({ field: 'email', text: messageText(error.msg) });
          document.getElementById(`${base}-email`)?.focus();
        } else if (field && (PROFILE_FIELDS as string[]).includes(field)) {
          setFieldError({ field: field as ProfileField, text: messageText(error.msg) });
          document.getElementById(idOf(field as ProfileField))?.focus();
        } else setAlert(messageText(error.msg));
      },
    });
  };

  /** 'Baixar meus dados': the server's JSON of everything about the client, saved as a file. */
  const download = async () => {
    setDownloading(true);
    try {
      const everything = await api.site.clients.myData();
      const url = URL.createObjectURL(new Blob([JSON.stringify(everything, null, 2)], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = 'meus-dados-plataforma.json';
      document.body.appendChild(link);
      link.click();
      link.remove();
      window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (caught) {
      useAppState.getState().showToast(messageText((caught as ApiError).msg), 'error');
    } finally {
      setDownloading(false);
    }
  };

  const leave = async () => {
    await logoutClient();
    navigate('/eventos');
  };

  const phone = data.phone ? `+${data.ddi ?? '55'} ${data.ddd ? `(${data.ddd}) ` : ''}${data.phone}` : t('site.profile.noPhone');

  return (
    <ScreenPage $width={680}>
      <div className="wrap">
        <h1>{t('site.profile.title')}</h1>
        <p className="intro">{t('site.profile.intro', { name: data.name })}</p>
        <Card onSubmit={submit} noValidate aria-label={t('site.profile.title')}>
          {alert && <FormAlert>{alert}</FormAlert>}
          <fieldset>
            <legend>{t('site.register.you')}</legend>
            <Labelled id={idOf('name')} label={t('site.register.name')} error={errorOf('name')}>
              {() => <DarkInput {...input('name')} autoComplete="name" maxLength={200} />}
            </Labelled>
            <div className="row">
              <Labelled id={`${base}-email`} label={t('site.register.email')} note={t('site.profile.emailNote')} error={errorOf('email')}>
                {(describedBy) => (
                  <DarkInput
                    id={`${base}-email`}
                    type="email"
                    autoComplete="email"
                    maxLength={200}
                    value={email}
                    aria-invalid={errorOf('email') ? true : undefined}
                    aria-describedby={describedBy}
                    onChange={(e) => {
                      setEmail(e.target.value);
                      if (fieldError?.field === 'email' || fieldError?.field === 'currentPassword') setFieldError(null);
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
                id={`${base}-current`}
                label={t('site.profile.currentPassword')}
                note={t('site.profile.currentPasswordNote')}
                error={errorOf('currentPassword')}
              >
                {(describedBy) => (
                  <DarkInput
                    id={`${base}-current`}
                    type="password"
                    autoComplete="current-password"
                    value={currentPassword}
                    aria-invalid={errorOf('currentPassword') ? true : undefined}
                    aria-describedby={describedBy}
                    onChange={(e) => {
                      setCurrentPassword(e.target.value);
                      if (fieldError?.field === 'currentPassword') setFieldError(null);
                    }}
                  />
                )}
              </Labelled>
            )}
            <Labelled id={idOf('cpf')} label={t('site.register.cpf')} error={errorOf('cpf')}>
              {() => <DarkInput {...input('cpf')} inputMode="numeric" onChange={(e) => set('cpf', maskCpf(e.target.value))} />}
            </Labelled>
          </fieldset>
          <fieldset>
            <legend>{t('site.register.address')}</legend>
            <div className="row">
              <Labelled id={idOf('postalCode')} label={t('site.register.postalCode')} error={errorOf('postalCode')}>
                {() => (
                  <DarkInput
                    {...input('postalCode')}
                    inputMode="numeric"
                    autoComplete="postal-code"
                    onChange={(e) => set('postalCode', maskCep(e.target.value))}
                  />
                )}
              </Labelled>
              <Labelled id={idOf('address')} label={t('site.register.street')}>
                {() => <DarkInput {...input('address')} autoComplete="street-address" maxLength={300} />}
              </Labelled>
            </div>
            <div className="row">
              <Labelled id={idOf('state')} label={t('site.register.state')} error={errorOf('state')}>
                {() => (
                  <DarkSelect {...input('state')}>
                    {states.map((state) => (
                      <option key={state.sigla} value={state.sigla}>
                        {state.sigla ? state.nome : t('site.register.chooseState')}
                      </option>
                    ))}
                  </DarkSelect>
                )}
              </Labelled>
              <Labelled id={idOf('city')} label={t('site.register.city')} error={errorOf('city')}>
                {() => (
                  <DarkSelect {...input('city')} disabled={!form.state}>
                    <option value="">{form.state ? t('site.register.chooseCity') : t('site.register.stateFirst')}</option>
                    {cities.map((city) => (
                      <option key={city} value={city}>
                        {city}
                      </option>
                    ))}
                  </DarkSelect>
                )}
              </Labelled>
            </div>
          </fieldset>
          <Button type="submit" disabled={save.isPending} $block>
            {save.isPending ? t('site.profile.saving') : t('site.profile.save')}
          </Button>
        </Card>

        <Card as="section" aria-labelledby={`${base}-phone-title`} style={{ marginTop: 24 }}>
          <h2 id={`${base}-phone-title`} style={{ margin: 0, fontSize: '1.1rem' }}>
            {t('site.profile.security.phoneTitle')}
          </h2>
          <p style={{ margin: 0 }}>
            <strong>{phone}</strong>
          </p>
          <p style={{ margin: 0 }}>{t('site.profile.security.phoneIntro')}</p>
          <PhoneChange profile={data} />
        </Card>
        <PasswordChange />

        <section aria-labelledby={`${base}-events`} style={{ marginTop: 32 }}>
          <h2 id={`${base}-events`}>{t('site.profile.events')}</h2>
          {events.isError ? (
            <p role="alert">{messageText(events.error.msg)}</p>
          ) : !events.data ? (
            <p>{t('common.loading')}</p>
          ) : events.data.rows.length === 0 ? (
            <p>
              {t('site.profile.noEvents')} <Link to="/eventos">{t('site.event.seeAll')}</Link>
            </p>
          ) : (
            <MyEvents>
              {events.data.rows.map((event) => (
                <li key={event.id}>
                  <EventCard event={event} />
                  {event.certificateEnabled === 1 && <CertificatePanel eventId={event.id} eventName={event.name} />}
                </li>
              ))}
            </MyEvents>
          )}
        </section>

        <section aria-labelledby={`${base}-orders`} style={{ marginTop: 32 }}>
          <h2 id={`${base}-orders`}>{t('commerce.orders.title')}</h2>
          <p>
            {t('commerce.orders.profileHint')} <Link to="/meus-pedidos">{t('commerce.orders.see')}</Link>
          </p>
        </section>

        <Card as="section" aria-labelledby={`${base}-network`} style={{ marginTop: 24 }}>
          <h2 id={`${base}-network`} style={{ margin: 0, fontSize: '1.1rem' }}>
            {t('site.profile.network')}
          </h2>
          <label style={{ display: 'flex', gap: 10, alignItems: 'center', fontWeight: 600 }}>
            <input
              type="checkbox"
              checked={consent.data?.listed ?? false}
              disabled={!consent.data || consent.data.canChange === false || listing.isPending}
              onChange={(event) => listing.mutate([event.target.checked])}
              style={{ width: 20, height: 20 }}
            />
            {t('site.profile.networkConsent')}
          </label>
          {/* The e-mail beside the name only if chosen (issue 17): a choice while listed only. */}
          <label style={{ display: 'flex', gap: 10, alignItems: 'center', fontWeight: 600 }}>
            <input
              type="checkbox"
              checked={consent.data?.showEmail ?? false}
              disabled={!consent.data?.listed || consent.data.canChange === false || listing.isPending}
              onChange={(event) => listing.mutate([true, event.target.checked])}
              aria-describedby={`${base}-network-email`}
              style={{ width: 20, height: 20 }}
            />
            {t('site.profile.networkShowEmail')}
          </label>
          <p id={`${base}-network-email`} style={{ margin: 0 }}>
            {t(consent.data?.listed ? 'site.profile.networkShowEmailHint' : 'site.profile.networkShowEmailNeedsListing')}
          </p>
        </Card>

        <Card as="section" aria-labelledby={`${base}-data`} style={{ marginTop: 24 }}>
          <h2 id={`${base}-data`} style={{ margin: 0, fontSize: '1.1rem' }}>
            {t('site.profile.myData')}
          </h2>
          <p style={{ margin: 0 }}>{t('site.profile.myDataIntro')}</p>
          <Button
            type="button"
            $variant="ghost"
            disabled={downloading}
            onClick={() => void download()}
            style={{ color: '#ffb68c', borderColor: '#ffb68c' }}
          >
            {downloading ? t('common.loading') : t('site.profile.download')}
          </Button>
          <DeleteAccount />
          <Button type="button" $variant="danger" onClick={() => void leave()}>
            {t('halls.nav.logout')}
          </Button>
        </Card>
      </div>
    </ScreenPage>
  );
};
