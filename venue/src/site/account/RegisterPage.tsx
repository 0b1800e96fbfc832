import '../../shared/i18n/site';
import { useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { ClientRegisterInput } from '@plataforma/adapter';
import { isRangeCity } from '@plataforma/adapter/cep';
import { ApiError } from '@plataforma/adapter/envelope';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { messageText } from '../../shared/i18n';
import { maskPhone } from '../../shared/masks';
import { useAppState } from '../../shared/state/store';
import { Button } from '../../shared/ui/Button';
import { ENTRANCE_HALL } from '../../shared/ui/NotFound';
import { DarkInput, DarkSelect, FieldError, FormAlert } from '../../shared/ui/fields';
import { ScreenPage } from '../../shared/ui/ScreenPage';
import { useSiteForm } from '../forms/useSiteForm';
import { registerClient } from './api';
import { AddressFields, Card, CountryOptions, Labelled, PasswordRules } from './form';
import {
  EMPTY_REGISTER,
  fieldOfKey,
  maskCpf,
  REGISTER_FIELDS,
  registerFormSchema,
  returnPath,
  type RegisterField,
  type RegisterForm,
} from './register';

/** The key of any refusal of a field the contract's schema finds (the screen's own checks name theirs). */
const FIELD_MESSAGES: Partial<Record<RegisterField, string>> = {
  name: 'site.register.error.name',
  email: 'site.register.error.email',
  cpf: 'clients.error.invalidCpf',
  ddi: 'clients.error.invalidPhone',
  phone: 'clients.error.invalidPhone',
  postalCode: 'clients.error.invalidCep',
  state: 'clients.error.invalidState',
  city: 'clients.error.invalidCity',
  password: 'auth.error.passwordRules',
  passwordConfirm: 'auth.error.passwordMismatch',
  acceptTerms: 'site.register.error.terms',
};

/** The phone as typed: masked for a Brazilian number, digits, blanks and dashes otherwise. */
export const phoneMask = (ddi: string) => (value: string) =>
  ddi === '55' ? maskPhone(value) : value.replace(/[^\d\s-]/g, '').slice(0, 20);

type RegisterFields = ReturnType<typeof useRegisterForm>;

/**
 * What a complete CEP fills: its state, and its city where the CEP's range is one city's. A city
 * chosen in the same state stays unless the CEP says it is another (a capital's range), one of
 * another state is emptied (issue 56, item 11).
 */
const fillPlace = (form: RegisterFields['form'], place: { state: string; city: string | null }) => {
  const city = form.getValues('city');
  const keep = form.getValues('state') === place.state && !isRangeCity(place.state, city);
  // The state's cities are drawn before the city is chosen among them (the select takes only one of its options).
  flushSync(() => form.setValue('state', place.state));
  form.setValue('city', place.city ?? (keep ? city : ''));
  form.clearErrors(['state', 'city']);
};

const useRegisterForm = () => {
  const base = useId();
  const site = useSiteForm<RegisterForm, ClientRegisterInput>({
    schema: registerFormSchema,
    defaultValues: EMPTY_REGISTER,
    order: REGISTER_FIELDS,
    messages: FIELD_MESSAGES,
  });
  return { ...site, base, idOf: (field: RegisterField) => `${base}-${field}` };
};

/** 'Você': name, e-mail and the optional CPF (masked). */
const YouFields = ({ fields }: { fields: RegisterFields }) => {
  const { t } = useTranslation();
  const { idOf, field, errorOf } = fields;
  return (
    <fieldset>
      <legend>{t('site.register.you')}</legend>
      <Labelled id={idOf('name')} label={t('site.register.name')} error={errorOf('name')}>
        {(describedBy) => (
          <DarkInput id={idOf('name')} {...field('name')} autoComplete="name" maxLength={200} aria-describedby={describedBy} required />
        )}
      </Labelled>
      <Labelled id={idOf('email')} label={t('site.register.email')} error={errorOf('email')}>
        {(describedBy) => (
          <DarkInput
            id={idOf('email')}
            {...field('email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            maxLength={200}
            aria-describedby={describedBy}
            required
          />
        )}
      </Labelled>
      <Labelled id={idOf('cpf')} label={t('site.register.cpf')} note={t('site.register.cpfNote')} error={errorOf('cpf')}>
        {(describedBy) => (
          <DarkInput
            id={idOf('cpf')}
            {...field('cpf', { mask: maskCpf })}
            inputMode="numeric"
            placeholder="999.999.999-99"
            aria-describedby={describedBy}
          />
        )}
      </Labelled>
    </fieldset>
  );
};

/** 'Contato': the country code, then the phone masked as that country writes it. */
const ContactFields = ({ fields }: { fields: RegisterFields }) => {
  const { t } = useTranslation();
  const { idOf, field, errorOf, form } = fields;
  const ddi = form.watch('ddi');
  return (
    <fieldset>
      <legend>{t('site.register.contact')}</legend>
      <div className="row">
        <Labelled id={idOf('ddi')} label={t('site.register.ddi')}>
          {(describedBy) => (
            <DarkSelect id={idOf('ddi')} {...field('ddi')} autoComplete="tel-country-code" aria-describedby={describedBy}>
              <CountryOptions />
            </DarkSelect>
          )}
        </Labelled>
        <Labelled id={idOf('phone')} label={t('site.register.phone')} note={t('site.register.phoneNote')} error={errorOf('phone')}>
          {(describedBy) => (
            <DarkInput
              id={idOf('phone')}
              {...field('phone', { mask: phoneMask(ddi) })}
              type="tel"
              autoComplete="tel-national"
              inputMode="tel"
              placeholder={ddi === '55' ? '(99) 9 9999-9999' : undefined}
              aria-describedby={describedBy}
            />
          )}
        </Labelled>
      </div>
    </fieldset>
  );
};

/** 'Senha': the password with its rules ticked as typed, and again. */
const PasswordFields = ({ fields }: { fields: RegisterFields }) => {
  const { t } = useTranslation();
  const { idOf, field, errorOf, form, base } = fields;
  return (
    <fieldset>
      <legend>{t('site.register.passwordTitle')}</legend>
      <Labelled id={idOf('password')} label={t('site.register.password')} error={errorOf('password')}>
        {(describedBy) => (
          <DarkInput
            id={idOf('password')}
            {...field('password')}
            type="password"
            autoComplete="new-password"
            maxLength={200}
            aria-describedby={[describedBy, `${base}-rules`].filter(Boolean).join(' ')}
            required
          />
        )}
      </Labelled>
      <PasswordRules id={`${base}-rules`} password={form.watch('password')} />
      <Labelled id={idOf('passwordConfirm')} label={t('site.register.passwordConfirm')} error={errorOf('passwordConfirm')}>
        {(describedBy) => (
          <DarkInput
            id={idOf('passwordConfirm')}
            {...field('passwordConfirm')}
            type="password"
            autoComplete="new-password"
            maxLength={200}
            aria-describedby={describedBy}
            required
          />
        )}
      </Labelled>
    </fieldset>
  );
};

/**
 * The terms of use and the privacy notice, accepted before 'Criar conta' (LGPD; issue 56, item
 * 11): a checkbox the form requires, the terms a link that opens in a new tab (the form stays).
 */
const TermsField = ({ fields }: { fields: RegisterFields }) => {
  const { t } = useTranslation();
  const { idOf, form, errorOf } = fields;
  const id = idOf('acceptTerms');
  const error = errorOf('acceptTerms');
  return (
    <div className="terms">
      <label htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          {...form.register('acceptTerms', { onChange: () => form.clearErrors('acceptTerms') })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          required
        />
        <span>
          {t('site.register.terms')}{' '}
          <Link to="/termos" target="_blank" rel="noopener">
            {t('site.register.termsLink')}
          </Link>
          .
        </span>
      </label>
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
};

/**
 * `/cadastro`: a visitor becomes a client (SPEC §5's client form): name and e-mail, CPF
 * (optional), country code and phone, postal code, address, state then its cities, and a
 * password with its rules shown as it is typed. The server signs the new client in; they go
 * back where the link came from (`?voltar=`, a path of this site) or to the entrance hall.
 */
export const RegisterPage = () => {
  const { t } = useTranslation();
  useDocumentTitle(t('site.register.title'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const back = returnPath(params.get('voltar'), ENTRANCE_HALL);
  const fields = useRegisterForm();
  const { base, submit, refuse, form, idOf, field, errorOf } = fields;
  const [alert, setAlert] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);

  const onSubmit = submit(async (input) => {
    if (submitting) return;
    setAlert(null);
    setSubmitting(true);
    try {
      const answer = await registerClient(input);
      useAppState.getState().signIn(answer.account, 'client', answer.token);
      useAppState.getState().showToast(t('site.register.done', { name: answer.account.name }), 'success');
      navigate(back, { replace: true });
    } catch (caught) {
      const key = caught instanceof ApiError ? caught.msg : undefined;
      const refused = key ? fieldOfKey(key) : null;
      if (key && refused) refuse(refused, key);
      else {
        setAlert(messageText(key));
        requestAnimationFrame(() => alertRef.current?.focus());
      }
      setSubmitting(false);
    }
  });

  return (
    <ScreenPage $width={680}>
      <div className="wrap">
        <h1>{t('site.register.title')}</h1>
        <p className="intro">{t('site.register.intro')}</p>
        <Card
          onSubmit={(event) => {
            setAlert(null);
            void onSubmit(event);
          }}
          noValidate
          aria-labelledby={`${base}-title`}
        >
          <span id={`${base}-title`} hidden>
            {t('site.register.title')}
          </span>
          {alert && (
            <div ref={alertRef} tabIndex={-1}>
              <FormAlert>{alert}</FormAlert>
            </div>
          )}
          <YouFields fields={fields} />
          <ContactFields fields={fields} />
          <AddressFields
            idOf={idOf}
            field={field}
            errorOf={errorOf}
            state={form.watch('state')}
            hints
            fill={(place) => fillPlace(form, place)}
          />
          <PasswordFields fields={fields} />
          <TermsField fields={fields} />
          <Button type="submit" disabled={submitting} $block>
            {submitting ? t('site.register.submitting') : t('site.register.submit')}
          </Button>
          <p className="footer">
            {t('site.register.haveAccount')} <Link to={back}>{t('site.register.signIn')}</Link>
          </p>
        </Card>
      </div>
    </ScreenPage>
  );
};
