import { z } from 'zod';
import { listOrder, type OrderFieldOf } from '../list-query';
import { formCount, formDate, formFlag, formId, formMoney, idSchema, isoDateSchema, moneySchema, optionalForm } from './common';

export { couponPaths } from './paths';

/** A discount coupon of an event (SPEC §3: code, value, percent, amount available, expiry). */
export const couponSchema = z.object({
  id: idSchema,
  eventId: idSchema.nullable(),
  code: z.string(),
  /** Reais off, or the percentage when `percent` is 1. */
  value: moneySchema,
  percent: z.union([z.literal(0), z.literal(1)]),
  /** How many uses are left. */
  amount: z.number().int(),
  expiresAt: isoDateSchema.nullable(),
});
export type Coupon = z.infer<typeof couponSchema>;

/** The coupon code rule (SPEC §5 hint): upper case, no spaces; letters, digits, '-' and '_'. */
export const couponCodeSchema = z
  .string()
  .trim()
  .min(3)
  .max(40)
  .regex(/^[A-Z0-9_-]+$/);

/** Coupon form; a percentage is at most 100 (409 'coupons.error.codeTaken' for a code in use). */
export const couponInputSchema = z
  .object({
    eventId: formId,
    code: couponCodeSchema,
    value: formMoney.pipe(z.string()),
    percent: formFlag.optional(),
    amount: formCount,
    expiresAt: optionalForm(formDate),
  })
  // The limit travels as the issue's `params` (no message of its own): a form words it ('máximo 100').
  .refine((c) => c.percent !== 1 || Number(c.value) <= 100, { path: ['value'], params: { maximum: 100 } });
export type CouponInput = z.input<typeof couponInputSchema>;
export const couponUpdateSchema = z.object({
  code: couponCodeSchema.optional(),
  value: formMoney,
  percent: formFlag.optional(),
  amount: formCount,
  expiresAt: optionalForm(formDate),
});

export const couponOrder = listOrder(['id', 'code', 'expiresAt'], { field: 'id', direction: 'desc' });
export type CouponOrderField = OrderFieldOf<typeof couponOrder>;
