import { z } from 'zod';
import { CURRENCIES } from '../constants';

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

/** An e-mail as forms send it: trimmed, lower case. */
export const emailSchema = z.string().trim().toLowerCase().email().max(200);
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
