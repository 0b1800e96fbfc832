import { z } from 'zod';
import { CURRENCIES } from '../constants';
import { EMAIL_MAX, EMAIL_PATTERN, WEB_ADDRESS_PATTERN } from '../field-rules';

/**
 * Building blocks the resources' contracts share: id, text, date, time and money shapes of
 * the wire (SPEC §9), and the field rules of the forms.
 */

/** Flags travel as 0 and 1 (SPEC §9). */
export const flagSchema = z.union([z.literal(0), z.literal(1)]);
export type Flag = z.infer<typeof flagSchema>;

export const idSchema = z.number().int().positive();
export const nullableText = z.string().nullable();
/** 'YYYY-MM-DD' */
export const isoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** 'HH:mm', 'HH:mm:ss' or 'HH:mm:ss.SSS' */
export const timeSchema = z.string().regex(/^\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/);
/** Two-decimal money string ('150.00'). */
export const moneySchema = z.string().regex(/^-?\d+\.\d{2}$/);
export const currencySchema = z.enum(CURRENCIES);
export const installmentsSchema = z.number().int().positive();

/**
 * An e-mail as forms send it: trimmed, lower case. Its pattern is zod's own, named in field-rules
 * so that the visitor venue checks the same before sending.
 */
export const emailSchema = z.string().trim().toLowerCase().email({ pattern: EMAIL_PATTERN }).max(EMAIL_MAX);
/** A required name of a person. */
export const personNameSchema = z.string().trim().min(1).max(200);

/** Only the digits of what was typed ('(11) 9 1234-5678' → '11912345678'), at most `max`. */
export const digits = (max: number) =>
  z
    .string()
    .transform((value) => value.replace(/\D/g, ''))
    .pipe(z.string().max(max));

export const optionalText = (max: number) => z.string().trim().max(max).nullish();

/** Splits a Brazilian phone into area code and number when the area code leads it. */
export const splitPhone = (ddd: string | undefined, phone: string): { ddd: string; phone: string } => {
  if (ddd) return { ddd, phone };
  if (phone.length >= 10) return { ddd: phone.slice(0, 2), phone: phone.slice(2) };
  return { ddd: '', phone };
};

/**
 * A client's derived phones (SPEC §3 Client), digits like the rest: `dddPhone` the area code and
 * number ('11987654321'), `dddFullPhone` with the country code before them ('5511987654321').
 * Null without a number; `dddFullPhone` null too without a country code (none is guessed).
 */
export const derivedPhones = (parts: {
  ddi: string | null;
  ddd: string | null;
  phone: string | null;
}): { dddPhone: string | null; dddFullPhone: string | null } => {
  if (!parts.phone) return { dddPhone: null, dddFullPhone: null };
  const dddPhone = `${parts.ddd ?? ''}${parts.phone}`;
  return { dddPhone, dddFullPhone: parts.ddi ? `${parts.ddi}${dddPhone}` : null };
};

/*
 * Form fields as the back office sends them. Saves that carry files are multipart, where every
 * value is a string: these accept the JSON value or its string, and give one shape.
 */

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** A 0/1 flag from 0, 1, '0', '1', true, false, 'true' or 'false'. */
export const formFlag = z.preprocess((value) => {
  if (value === true || value === 'true' || value === '1' || value === 1) return 1;
  if (value === false || value === 'false' || value === '0' || value === 0) return 0;
  return value;
}, flagSchema);

/** A positive id from a number or its string (a select's value). */
export const formId = z.preprocess((value) => (typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value), idSchema);

/** A whole number ≥ 0 from a number or its string; blank → undefined. */
export const formCount = z.preprocess((value) => {
  const v = blankToUndefined(value);
  return typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v;
}, z.number().int().min(0).max(1_000_000_000).optional());

/**
 * An amount in reais as typed: '150', '150.5', '150,50', '1.234,56' or a number → '150.00'.
 * Blank → undefined. Never negative; at most 99 999 999.99.
 */
export const formMoney = z.preprocess(
  (value) => {
    const v = blankToUndefined(value);
    if (typeof v === 'number') return Number.isFinite(v) ? v.toFixed(2) : v;
    if (typeof v !== 'string') return v;
    let text = v.trim().replace(/^R\$\s*/, '');
    if (/,\d{1,2}$/.test(text)) text = text.replace(/\./g, '').replace(',', '.');
    if (!/^\d{1,8}(\.\d{1,2})?$/.test(text)) return v;
    return Number(text).toFixed(2);
  },
  z
    .string()
    .regex(/^\d{1,8}\.\d{2}$/)
    .optional(),
);

/** Optional text: trimmed, at most `max`; blank → null (clears the field). */
export const formText = (max: number) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), z.string().trim().max(max).nullish());

/** Required text: trimmed, 1 to `max` characters. */
export const formRequiredText = (max: number) => z.string().trim().min(1).max(max);

/** An optional web address (http or https); blank → null. */
export const formUrl = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : typeof value === 'string' ? value.trim() : value),
  z.string().max(500).regex(WEB_ADDRESS_PATTERN).nullish(),
);

/** 'YYYY-MM-DD' (a real calendar day). */
export const formDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => {
    const [y, m, d] = value.split('-').map(Number);
    const date = new Date(Date.UTC(y, m - 1, d));
    return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  });

/** 'HH:mm' or 'HH:mm:ss' of a real clock. */
export const formTime = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/);

/** Optional date or time: blank → null. */
export const optionalForm = <S extends z.ZodType>(schema: S) => z.preprocess((value) => (value === '' ? null : value), schema.nullish());

/*
 * Shapes several resources share (issue 58 §5: one builder, not a copy per resource).
 */

/** What a row under an event or a stand is saved under: its parent, fixed once the row exists. */
export type ParentKey = 'eventId' | 'standId';

/**
 * A child resource's update (an event's rooms, sponsors, stands and speakers; a stand's media and
 * products): its input without the parent, every field optional (a save sends what changed).
 */
export const childUpdateSchema = <Shape extends z.ZodRawShape, K extends ParentKey & keyof Shape>(input: z.ZodObject<Shape>, parent: K) => {
  // zod types `omit` by the keys it is given, which a key chosen by the caller is not yet: the result is typed here.
  const loose = input as unknown as z.ZodObject;
  const omitted = parent === 'eventId' ? loose.omit({ eventId: true }) : loose.omit({ standId: true });
  return (omitted as unknown as z.ZodObject<Omit<Shape, K>>).partial();
};

/**
 * A client's marks on an event's rows (starred lectures, favourite stands): what a mark sends
 * (`{ [id] }`), what the list answers (`{ [ids]: [...] }`) and what a mark or an unmark answers
 * (`{ [id], [state] }`). Marking again changes nothing.
 */
export const markSchemas = <Id extends string, Ids extends string, State extends string>(id: Id, ids: Ids, state: State) => ({
  add: z.object({ [id]: idSchema } as Record<Id, typeof idSchema>),
  list: z.object({ [ids]: z.array(idSchema) } as Record<Ids, z.ZodArray<typeof idSchema>>),
  mark: z.object({ [id]: idSchema, [state]: z.boolean() } as Record<Id, typeof idSchema> & Record<State, z.ZodBoolean>),
});
