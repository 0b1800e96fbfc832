import '../../shared/i18n/site';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '@plataforma/adapter/envelope';
import states from '../../../../database/reference/states.json';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { messageText } from '../../shared/i18n';
import { maskPhone } from '../../shared/masks';
import { useAppState } from '../../shared/state/store';
import { Button } from '../../shared/ui/Button';
import { ENTRANCE_HALL } from '../../shared/ui/NotFound';
import { DarkInput, DarkSelect, FormAlert } from '../../shared/ui/fields';
import { Card, CountryOptions, Labelled, PasswordRules } from './form';
import { ScreenPage } from '../../shared/ui/ScreenPage';
import { api } from '../../shared/api';
import {
  EMPTY_REGISTER,
  fieldOfKey,
  maskCep,
  maskCpf,
  REGISTER_FIELDS,
  registerInput,
  registerProblems,
  returnPath,
  type RegisterField,
  type RegisterForm,
} from './register';

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
  const [form, setForm] = useState<RegisterForm>(EMPTY_REGISTER);
  const [errors, setErrors] = useState<Partial<Record<RegisterField, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const base = useId();
  const idOf = (field: RegisterField) => `${base}-${field}`;
  const alertRef = useRef<HTMLDivElement>(null);

  const set = (field: RegisterField, value: string) => {
    setForm((current) => ({ ...current, [field]: value, ...(field === 'state' ? { city: '' } : {}) }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const focusField = (field: RegisterField) => document.getElementById(idOf(field))?.focus();

  const cities = states.find((state) => state.sigla === form.state)?.cidades ?? [];
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setAlert(null);
    const found = registerProblems(form);
    const first = REGISTER_FIELDS.find((field) => found[field]);
    if (first) {
      setErrors(Object.fromEntries(Object.entries(found).map(([field, key]) => [field, t(key)])));
      focusField(first);
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      const answer = await api.site.clients.register(registerInput(form));
      useAppState.getState().signIn(answer.data.account, 'client', answer.data.token);
      useAppState.getState().showToast(t('site.register.done', { name: answer.data.account.name }), 'success');
      navigate(back, { replace: true });
    } catch (caught) {
      const key = caught instanceof ApiError ? caught.msg : undefined;
      const field = key ? fieldOfKey(key) : null;
      if (field) {
        setErrors({ [field]: messageText(key) });
        focusField(field);
      } else {
        setAlert(messageText(key));
        requestAnimationFrame(() => alertRef.current?.focus());
      }
      setSubmitting(false);
    }
  };

  const input = (field: RegisterField, props: Record<string, unknown> = {}) => ({
    id: idOf(field),
    value: form[field],
    'aria-invalid': errors[field] ? true : undefined,
    onChange: (event: { target: { value: string } }) => set(field, event.target.value),
    ...props,
  });

  return (
    <ScreenPage $width={680}>
      <div className="wrap">
        <h1>{t('site.register.title')}</h1>
        <p className="intro">{t('site.register.intro')}</p>
        <Card onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${base}-title`}>
          <span id={`${base}-title`} hidden>
            {t('site.register.title')}
          </span>
          {alert && (
            <div ref={alertRef} tabIndex={-1}>
              <FormAlert>{alert}</FormAlert>
            </div>
          )}
          <fieldset>
            <legend>{t('site.register.you')}</legend>
            <Labelled id={idOf('name')} label={t('site.register.name')} error={errors.name}>
              {(describedBy) => (
                <DarkInput {...input('name', { autoComplete: 'name', maxLength: 200, 'aria-describedby': describedBy, required: true })} />
              )}
            </Labelled>
            <Labelled id={idOf('email')} label={t('site.register.email')} error={errors.email}>
              {(describedBy) => (
                <DarkInput
                  {...input('email', {
                    type: 'email',
                    autoComplete: 'email',
                    inputMode: 'email',
                    maxLength: 200,
                    'aria-describedby': describedBy,
                    required: true,
                  })}
                />
              )}
            </Labelled>
            <Labelled id={idOf('cpf')} label={t('site.register.cpf')} note={t('site.register.cpfNote')} error={errors.cpf}>
              {(describedBy) => (
                <DarkInput
                  {...input('cpf', { inputMode: 'numeric', placeholder: '999.999.999-99', 'aria-describedby': describedBy })}
                  onChange={(event) => set('cpf', maskCpf(event.target.value))}
                />
              )}
            </Labelled>
          </fieldset>

          <fieldset>
            <legend>{t('site.register.contact')}</legend>
            <div className="row">
              <Labelled id={idOf('ddi')} label={t('site.register.ddi')}>
                {(describedBy) => (
                  <DarkSelect {...input('ddi', { autoComplete: 'tel-country-code', 'aria-describedby': describedBy })}>
                    <CountryOptions />
                  </DarkSelect>
                )}
              </Labelled>
              <Labelled id={idOf('phone')} label={t('site.register.phone')} note={t('site.register.phoneNote')} error={errors.phone}>
                {(describedBy) => (
                  <DarkInput
                    {...input('phone', {
                      type: 'tel',
                      autoComplete: 'tel-national',
                      inputMode: 'tel',
                      placeholder: form.ddi === '55' ? '(99) 9 9999-9999' : undefined,
                      'aria-describedby': describedBy,
                    })}
                    onChange={(event) =>
                      set(
                        'phone',
                        form.ddi === '55' ? maskPhone(event.target.value) : event.target.value.replace(/[^\d\s-]/g, '').slice(0, 20),
                      )
                    }
                  />
                )}
              </Labelled>
            </div>
          </fieldset>

          <fieldset>
            <legend>{t('site.register.address')}</legend>
            <div className="row">
              <Labelled id={idOf('postalCode')} label={t('site.register.postalCode')} error={errors.postalCode}>
                {(describedBy) => (
                  <DarkInput
                    {...input('postalCode', {
                      inputMode: 'numeric',
                      autoComplete: 'postal-code',
                      placeholder: '99999-999',
                      'aria-describedby': describedBy,
                    })}
                    onChange={(event) => set('postalCode', maskCep(event.target.value))}
                  />
                )}
              </Labelled>
              <Labelled id={idOf('address')} label={t('site.register.street')}>
                {(describedBy) => (
                  <DarkInput {...input('address', { autoComplete: 'street-address', maxLength: 300, 'aria-describedby': describedBy })} />
                )}
              </Labelled>
            </div>
            <div className="row">
              <Labelled id={idOf('state')} label={t('site.register.state')} error={errors.state}>
                {(describedBy) => (
                  <DarkSelect {...input('state', { autoComplete: 'address-level1', 'aria-describedby': describedBy })}>
                    {states.map((state) => (
                      <option key={state.sigla} value={state.sigla}>
                        {state.sigla ? state.nome : t('site.register.chooseState')}
                      </option>
                    ))}
                  </DarkSelect>
                )}
              </Labelled>
              <Labelled id={idOf('city')} label={t('site.register.city')} error={errors.city}>
                {(describedBy) => (
                  <DarkSelect
                    {...input('city', { disabled: !form.state, autoComplete: 'address-level2', 'aria-describedby': describedBy })}
                  >
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

          <fieldset>
            <legend>{t('site.register.passwordTitle')}</legend>
            <Labelled id={idOf('password')} label={t('site.register.password')} error={errors.password}>
              {(describedBy) => (
                <DarkInput
                  {...input('password', {
                    type: 'password',
                    autoComplete: 'new-password',
                    maxLength: 200,
                    'aria-describedby': [describedBy, `${base}-rules`].filter(Boolean).join(' '),
                    required: true,
                  })}
                />
              )}
            </Labelled>
            <PasswordRules id={`${base}-rules`} password={form.password} />
            <Labelled id={idOf('passwordConfirm')} label={t('site.register.passwordConfirm')} error={errors.passwordConfirm}>
              {(describedBy) => (
                <DarkInput
                  {...input('passwordConfirm', {
                    type: 'password',
                    autoComplete: 'new-password',
                    maxLength: 200,
                    'aria-describedby': describedBy,
                    required: true,
                  })}
                />
              )}
            </Labelled>
          </fieldset>

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
