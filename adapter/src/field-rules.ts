import type { MessageKey } from './messages';

/*
 * The rules of form fields that the venue checks in the browser too, and what a refused field's
 * message is. Zod-free at run time (types only): the visitor venue's first load imports it.
 */

/**
 * An e-mail address: zod's own `email()` pattern, which `emailSchema` is built with, so that a
 * browser check and the server's agree (a unit test pins it to zod's).
 */
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
/** The longest e-mail address the schemas take. */
export const EMAIL_MAX = 200;

/** What `emailSchema` accepts, in the browser: trimmed, at most EMAIL_MAX, the pattern. */
export const isEmail = (value: string): boolean => {
  const email = value.trim();
  return email.length <= EMAIL_MAX && EMAIL_PATTERN.test(email);
};

/** A web address of a form (`formUrl`): http or https, no spaces. */
export const WEB_ADDRESS_PATTERN = /^https?:\/\/[^\s]+$/i;

/** The language pack's texts of a refused field (section `common.fieldErrors`). */
export const FIELD_ERROR_KEYS = {
  required: 'common.fieldErrors.required',
  tooShort: 'common.fieldErrors.tooShort',
  tooLong: 'common.fieldErrors.tooLong',
  tooLow: 'common.fieldErrors.tooLow',
  tooHigh: 'common.fieldErrors.tooHigh',
  email: 'common.fieldErrors.email',
  url: 'common.fieldErrors.url',
  number: 'common.fieldErrors.number',
  invalid: 'common.fieldErrors.invalid',
} as const;
export type FieldErrorKey = (typeof FIELD_ERROR_KEYS)[keyof typeof FIELD_ERROR_KEYS];

/** A field's message: its pack key and the values the text names ('máximo {{max}} caracteres'). */
export interface FieldError {
  key: FieldErrorKey;
  values?: { min?: number; max?: number };
}

/**
 * What this module reads of a zod issue (zod 4's raw issue, as an error map receives it, or the
 * final one): the code, the value refused and the details of its code.
 */
export interface FieldIssue {
  code?: string;
  input?: unknown;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  format?: string;
  pattern?: string | RegExp;
  expected?: string;
  /** A refinement's details: `{ maximum }` for a limit that depends on another field (a percentage). */
  params?: Record<string, unknown>;
}

/** Nothing typed: an empty or blank text, or no value at all. */
const blank = (input: unknown) => input === undefined || input === null || (typeof input === 'string' && input.trim() === '');

const NUMERIC = new Set(['number', 'int', 'bigint']);

/**
 * The message of a field the schema refused, from the issue's code: an empty field is
 * 'Preencha este campo.' whatever the rule it broke (a required text, an unchosen select, a
 * missing e-mail), a text too long or short names its limit, an e-mail and a web address say
 * what they must look like; anything else is 'Valor inválido.'.
 */
export const fieldError = (issue: FieldIssue): FieldError => {
  if ('input' in issue && blank(issue.input)) return { key: FIELD_ERROR_KEYS.required };
  if (!('input' in issue) && issue.code === 'invalid_type') return { key: FIELD_ERROR_KEYS.required };
  switch (issue.code) {
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string')
        return min <= 1 ? { key: FIELD_ERROR_KEYS.required } : { key: FIELD_ERROR_KEYS.tooShort, values: { min } };
      if (issue.origin && NUMERIC.has(issue.origin)) return { key: FIELD_ERROR_KEYS.tooLow, values: { min } };
      // A list that needs at least one (a choice among checkboxes).
      if (issue.origin === 'array' || issue.origin === 'set') return { key: FIELD_ERROR_KEYS.required };
      return { key: FIELD_ERROR_KEYS.invalid };
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return { key: FIELD_ERROR_KEYS.tooLong, values: { max } };
      if (issue.origin && NUMERIC.has(issue.origin)) return { key: FIELD_ERROR_KEYS.tooHigh, values: { max } };
      return { key: FIELD_ERROR_KEYS.invalid };
    }
    case 'invalid_format':
      if (issue.format === 'email') return { key: FIELD_ERROR_KEYS.email };
      if (issue.format === 'url' || (issue.format === 'regex' && String(issue.pattern) === String(WEB_ADDRESS_PATTERN))) {
        return { key: FIELD_ERROR_KEYS.url };
      }
      return { key: FIELD_ERROR_KEYS.invalid };
    case 'invalid_type':
      return issue.expected && NUMERIC.has(issue.expected) ? { key: FIELD_ERROR_KEYS.number } : { key: FIELD_ERROR_KEYS.invalid };
    case 'custom':
      return typeof issue.params?.maximum === 'number'
        ? { key: FIELD_ERROR_KEYS.tooHigh, values: { max: issue.params.maximum } }
        : { key: FIELD_ERROR_KEYS.invalid };
    default:
      return { key: FIELD_ERROR_KEYS.invalid };
  }
};

/**
 * Server refusals that concern one field of the form that sent it, by the field's name in the
 * forms (the schemas' names): the form marks that field with the message as well.
 */
export const MESSAGE_FIELDS: Partial<Record<MessageKey, string>> = {
  'auth.error.emailTaken': 'email',
  'clients.error.emailTaken': 'email',
  'clients.error.invalidCpf': 'cpf',
  'clients.error.invalidCep': 'postalCode',
  'clients.error.invalidPhone': 'phone',
  'clients.error.invalidState': 'state',
  'clients.error.invalidCity': 'city',
  'users.error.phoneRequired': 'phone',
  'coupons.error.codeTaken': 'code',
  'coupons.error.belowReserved': 'amount',
  'products.error.discountAbovePrice': 'discount',
  'api.error.discountAboveValue': 'discount',
  'lectures.error.endBeforeStart': 'endTime',
};
