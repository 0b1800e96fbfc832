import '../../shared/i18n/site';
import { useMemo, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { placeOfCep } from '@plataforma/adapter/cep';
import { HTML_LANG, type Language } from '@plataforma/adapter/constants';
import { PASSWORD_RULES, passwordProblems } from '@plataforma/adapter/password';
import countries from '../../../../database/reference/countries.json';
import states from '../../../../database/reference/states.json';
import { DarkInput, DarkSelect, FieldError, FieldNote } from '../../shared/ui/fields';
import type { SiteFieldOptions, SiteFieldProps } from '../forms/useSiteForm';
import { maskCep } from './register';

/** An account form's card: fieldsets with their legends, two-column rows, the footer line. */
export const Card = styled.form`
  display: grid;
  gap: 20px;
  padding: clamp(20px, 4vw, 32px);
  border-radius: 16px;
  background: rgba(22, 14, 9, 0.92);
  border: 1px solid rgba(255, 182, 140, 0.2);
  fieldset {
    display: grid;
    gap: 14px;
    margin: 0;
    padding: 0;
    border: 0;
  }
  legend {
    margin-bottom: 10px;
    padding: 0;
    font-size: 1.1rem;
    font-weight: 700;
    color: ${({ theme }) => theme.colors.primaryLight};
  }
  .row {
    display: grid;
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
    align-items: start;
    gap: 14px;
  }
  @media (max-width: 559px) {
    .row {
      grid-template-columns: 1fr;
    }
  }
  .terms {
    display: grid;
    gap: 6px;
  }
  .terms label {
    display: flex;
    align-items: flex-start;
    gap: 10px;
    line-height: 1.45;
    cursor: pointer;
  }
  .terms input {
    flex: none;
    width: 22px;
    height: 22px;
    margin: 1px 0 0;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
  .terms a {
    color: ${({ theme }) => theme.colors.primaryLight};
    font-weight: 700;
  }
  .footer {
    margin: 0;
    text-align: center;
    color: ${({ theme }) => theme.colors.platformTextMuted};
  }
  .footer a {
    color: ${({ theme }) => theme.colors.primaryLight};
    font-weight: 700;
  }
`;

const Field = styled.div`
  display: grid;
  gap: 6px;
  label {
    font-weight: 600;
  }
`;

/** The password rules, each ticked once the typed password meets it. */
export const Rules = styled.ul`
  display: grid;
  gap: 4px;
  margin: 0;
  padding: 10px 14px;
  border-radius: 10px;
  background: rgba(255, 255, 255, 0.05);
  list-style: none;
  font-size: 0.9rem;
  li::before {
    content: '○';
    display: inline-block;
    width: 1.4em;
  }
  li.ok {
    color: #9be7b0;
  }
  li.ok::before {
    content: '✓';
  }
`;

/** A labelled field with its note and its own error, tied to the input by ids. */
export const Labelled = ({
  id,
  label,
  note,
  error,
  children,
}: {
  id: string;
  label: string;
  note?: string;
  error?: string;
  children: (describedBy: string | undefined) => ReactNode;
}) => {
  const describedBy = [note ? `${id}-note` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <Field>
      <label htmlFor={id}>{label}</label>
      {children(describedBy)}
      {note && <FieldNote id={`${id}-note`}>{note}</FieldNote>}
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </Field>
  );
};

/** The password rules under a new password's field, each ticked once `password` meets it. */
export const PasswordRules = ({ id, password }: { id: string; password: string }) => {
  const { t } = useTranslation();
  const problems = passwordProblems(password);
  return (
    <Rules id={id} aria-label={t('site.register.rulesTitle')}>
      {PASSWORD_RULES.map((rule) => (
        <li key={rule} className={password && !problems.includes(rule) ? 'ok' : undefined}>
          {t(`site.register.rules.${rule}`)}
        </li>
      ))}
    </Rules>
  );
};

/** A password's field under its label: `current-password` unless told, its error and extra descriptions tied to it. */
export const PasswordField = ({
  id,
  label,
  autoComplete = 'current-password',
  error,
  note,
  alsoDescribedBy,
  readOnly,
  ...input
}: {
  id: string;
  label: string;
  autoComplete?: 'current-password' | 'new-password';
  error?: string;
  note?: string;
  /** Another element that describes the field (the rules of a new password). */
  alsoDescribedBy?: string;
  readOnly?: boolean;
} & (
  | { field: SiteFieldProps }
  | {
      value: string;
      onChange: (value: string) => void;
    }
)) => (
  <Labelled id={id} label={label} error={error} note={note}>
    {(describedBy) => (
      <DarkInput
        id={id}
        type="password"
        autoComplete={autoComplete}
        maxLength={200}
        {...('field' in input ? input.field : { value: input.value, onChange: (event) => input.onChange(event.target.value) })}
        readOnly={readOnly}
        aria-invalid={error ? true : undefined}
        aria-describedby={[describedBy, alsoDescribedBy].filter(Boolean).join(' ') || undefined}
      />
    )}
  </Labelled>
);

/** Only the digits of what was typed (an SMS code). */
export const digitsOnly = (value: string): string => value.replace(/\D/g, '');

/** An SMS code's input: digits only, the browser's one-time-code autofill. */
export const CodeInput = ({ id, field, autoFocus }: { id: string; field: Omit<SiteFieldProps, 'aria-invalid'>; autoFocus?: boolean }) => (
  <DarkInput id={id} {...field} inputMode="numeric" autoComplete="one-time-code" maxLength={10} autoFocus={autoFocus} />
);

/** The options of a country code select: every country of the reference data, '<name> (+<code>)'. */
/** The countries' names in a language (the browser's CLDR names; the reference's Portuguese ones where it has none), in its order. */
const countriesIn = (language: string) => {
  let names: Intl.DisplayNames | null = null;
  try {
    names = language === 'pt' ? null : new Intl.DisplayNames([HTML_LANG[language as Language] ?? language], { type: 'region' });
  } catch {
    names = null;
  }
  if (!names) return countries.map((country) => ({ ...country, name: country.nome }));
  const collator = new Intl.Collator(HTML_LANG[language as Language] ?? language);
  return countries
    .map((country) => ({ ...country, name: names.of(country.iso) ?? country.nome }))
    .sort((a, b) => collator.compare(a.name, b.name));
};

/** The countries, named in the visitor's language (issue 56, item 11: they stayed Portuguese in English and German). */
export const CountryOptions = () => {
  const { i18n } = useTranslation();
  const list = useMemo(() => countriesIn(i18n.language), [i18n.language]);
  return (
    <>
      {list.map((country) => (
        <option key={country.iso} value={country.fone}>
          {`${country.name} (+${country.fone})`}
        </option>
      ))}
    </>
  );
};

/** The address's fields, as the registration and the profile name them. */
export type AddressField = 'postalCode' | 'address' | 'state' | 'city';

/**
 * The address's fieldset of the registration and the profile: postal code (masked), street, the
 * state, then its cities (the city empties when the state changes). `hints` adds the
 * registration's placeholder and the browsers' autofill names of the state and the city.
 */
export const AddressFields = ({
  idOf,
  field,
  errorOf,
  state,
  hints = false,
  fill,
}: {
  idOf: (name: AddressField) => string;
  field: (name: AddressField, options?: SiteFieldOptions<AddressField>) => SiteFieldProps;
  errorOf: (name: AddressField) => string | undefined;
  /** The state chosen (its cities are offered). */
  state: string;
  hints?: boolean;
  /** Sets the state and the city a complete CEP gives (issue 56, item 11); the city only where its range is one city's. */
  fill?: (place: { state: string; city: string | null }) => void;
}) => {
  const { t } = useTranslation();
  const cities = states.find((entry) => entry.sigla === state)?.cidades ?? [];
  const postalCode = field('postalCode', { mask: maskCep });
  const onPostalCode = (event: ChangeEvent<HTMLInputElement>) => {
    postalCode.onChange(event);
    const place = fill ? placeOfCep(event.target.value) : null;
    if (place && fill) fill(place);
  };
  return (
    <fieldset>
      <legend>{t('site.register.address')}</legend>
      <div className="row">
        <Labelled id={idOf('postalCode')} label={t('site.register.postalCode')} error={errorOf('postalCode')}>
          {(describedBy) => (
            <DarkInput
              id={idOf('postalCode')}
              {...postalCode}
              onChange={onPostalCode}
              inputMode="numeric"
              autoComplete="postal-code"
              placeholder={hints ? '99999-999' : undefined}
              aria-describedby={describedBy}
            />
          )}
        </Labelled>
        <Labelled id={idOf('address')} label={t('site.register.street')}>
          {(describedBy) => (
            <DarkInput
              id={idOf('address')}
              {...field('address')}
              autoComplete="street-address"
              maxLength={300}
              aria-describedby={describedBy}
            />
          )}
        </Labelled>
      </div>
      <div className="row">
        <Labelled id={idOf('state')} label={t('site.register.state')} error={errorOf('state')}>
          {(describedBy) => (
            <DarkSelect
              id={idOf('state')}
              {...field('state', { clears: ['city'] })}
              autoComplete={hints ? 'address-level1' : undefined}
              aria-describedby={describedBy}
            >
              {states.map((entry) => (
                <option key={entry.sigla} value={entry.sigla}>
                  {entry.sigla ? entry.nome : t('site.register.chooseState')}
                </option>
              ))}
            </DarkSelect>
          )}
        </Labelled>
        <Labelled id={idOf('city')} label={t('site.register.city')} error={errorOf('city')}>
          {(describedBy) => (
            <DarkSelect
              id={idOf('city')}
              {...field('city')}
              disabled={!state}
              autoComplete={hints ? 'address-level2' : undefined}
              aria-describedby={describedBy}
            >
              <option value="">{state ? t('site.register.chooseCity') : t('site.register.stateFirst')}</option>
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
  );
};
