import { z } from 'zod';
import type { ClientRegisterInput } from '@plataforma/adapter';
import { clientRegisterSchema } from '@plataforma/adapter/contracts/client';
import { passwordProblems } from '@plataforma/adapter/password';
import { fieldIssue } from '../forms/useSiteForm';

/** The registration form's fields, as typed (masks applied). */
export interface RegisterForm {
  name: string;
  email: string;
  cpf: string;
  ddi: string;
  phone: string;
  postalCode: string;
  address: string;
  state: string;
  city: string;
  password: string;
  passwordConfirm: string;
  /** The terms of use and the privacy notice accepted (LGPD; issue 56, item 11). */
  acceptTerms: boolean;
}

export type RegisterField = keyof RegisterForm;

export const EMPTY_REGISTER: RegisterForm = {
  name: '',
  email: '',
  cpf: '',
  ddi: '55',
  phone: '',
  postalCode: '',
  address: '',
  state: '',
  city: '',
  password: '',
  passwordConfirm: '',
  acceptTerms: false,
};

/** The order the fields are drawn in: the first wrong one takes the focus. */
export const REGISTER_FIELDS: RegisterField[] = [
  'name',
  'email',
  'cpf',
  'ddi',
  'phone',
  'postalCode',
  'address',
  'state',
  'city',
  'password',
  'passwordConfirm',
  'acceptTerms',
];

const digits = (value: string) => value.replace(/\D/g, '');
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** CPF mask of SPEC §5: 999.999.999-99. */
export const maskCpf = (value: string): string => {
  const d = digits(value).slice(0, 11);
  if (d.length <= 3) return d;
  if (d.length <= 6) return `${d.slice(0, 3)}.${d.slice(3)}`;
  if (d.length <= 9) return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}`;
  return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
};

/** Postal code mask of SPEC §5: 99999-999. */
export const maskCep = (value: string): string => {
  const d = digits(value).slice(0, 8);
  return d.length > 5 ? `${d.slice(0, 5)}-${d.slice(5)}` : d;
};

/**
 * The form's own checks, each a message key of the field it belongs to: what the browser can
 * tell before asking the server (which checks again, and checks the CPF's digits, the phone of
 * a Brazilian number, the place and a taken e-mail).
 */
export const registerProblems = (form: RegisterForm): Partial<Record<RegisterField, string>> => {
  const problems: Partial<Record<RegisterField, string>> = {};
  if (!form.name.trim()) problems.name = 'site.register.error.name';
  if (!EMAIL.test(form.email.trim())) problems.email = 'site.register.error.email';
  if (form.cpf && digits(form.cpf).length !== 11) problems.cpf = 'clients.error.invalidCpf';
  const phone = digits(form.phone);
  if (phone && (form.ddi === '55' ? phone.length < 10 || phone.length > 11 : phone.length < 6))
    problems.phone = 'clients.error.invalidPhone';
  if (form.postalCode && digits(form.postalCode).length !== 8) problems.postalCode = 'clients.error.invalidCep';
  if (passwordProblems(form.password).length > 0) problems.password = 'auth.error.passwordRules';
  if (!problems.password && form.passwordConfirm !== form.password) problems.passwordConfirm = 'auth.error.passwordMismatch';
  if (!form.acceptTerms) problems.acceptTerms = 'site.register.error.terms';
  return problems;
};

/** What POST /clients receives: digits for the documents, blanks left out. */
export const registerInput = (form: RegisterForm): ClientRegisterInput => {
  const optional = (value: string) => value.trim() || undefined;
  const phone = digits(form.phone);
  return {
    name: form.name.trim(),
    email: form.email.trim(),
    cpf: optional(digits(form.cpf)),
    ddi: phone ? form.ddi : undefined,
    phone: phone || undefined,
    postalCode: optional(digits(form.postalCode)),
    address: optional(form.address),
    state: optional(form.state),
    city: optional(form.city),
    password: form.password,
    passwordConfirm: form.passwordConfirm,
    acceptTerms: form.acceptTerms,
  };
};

/**
 * The registration form's schema (react-hook-form's resolver): the screen's own checks, each on
 * its field with its message key, then the typed fields as POST /clients takes them, piped into
 * the contract's schema (the server's).
 */
export const registerFormSchema = z
  .object({
    ...(Object.fromEntries(REGISTER_FIELDS.filter((field) => field !== 'acceptTerms').map((field) => [field, z.string()])) as Record<
      Exclude<RegisterField, 'acceptTerms'>,
      z.ZodString
    >),
    acceptTerms: z.boolean(),
  })
  .superRefine((form, ctx) => {
    for (const [field, key] of Object.entries(registerProblems(form))) ctx.addIssue(fieldIssue(field, key));
  })
  .transform(registerInput)
  .pipe(clientRegisterSchema);

/** The field a server refusal is about, so it shows under that field; null for a form-wide one. */
export const fieldOfKey = (key: string): RegisterField | null =>
  (
    ({
      'clients.error.invalidCpf': 'cpf',
      'clients.error.invalidCep': 'postalCode',
      'clients.error.invalidPhone': 'phone',
      'clients.error.invalidState': 'state',
      'clients.error.invalidCity': 'city',
      'auth.error.emailTaken': 'email',
      'clients.error.emailTaken': 'email',
      'auth.error.passwordRules': 'password',
      'auth.error.passwordMismatch': 'passwordConfirm',
    }) as Record<string, RegisterField>
  )[key] ?? null;

/**
 * Where to go after registering: the `voltar` the link carried when it is a path of this site
 * (never another origin: '//host', '/\host' and 'https:' are refused), else the entrance hall.
 */
export const returnPath = (voltar: string | null, fallback: string): string =>
  voltar && /^\/(?![/\\])/.test(voltar) && !/[\r\n]/.test(voltar) ? voltar : fallback;
