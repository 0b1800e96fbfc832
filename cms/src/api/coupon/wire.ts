import type { Core } from '@strapi/strapi';
import type { z } from 'zod';
import {
  ApiError,
  couponInputSchema,
  couponOrder,
  couponPaths,
  couponUpdateSchema,
  formatCents,
  toCents,
  type Coupon,
  type CouponOrderField,
} from '@plataforma/adapter';
import type { ContextLike, ResourceSpec } from '@plataforma/adapter/server';
import { eventFilter } from '../../http/filters';
import { dateOnly, flag, idOf } from '../../lib/wire';

const UID = 'api::coupon.coupon';

export interface CouponRow {
  id: number;
  code: string;
  value: number | string | null;
  percent: boolean | number | null;
  amount: number | null;
  expiresAt: string | null;
  event?: { id: number } | null;
}

export const couponToWire = (row: CouponRow): Coupon => ({
  id: row.id,
  eventId: idOf(row.event),
  code: row.code,
  value: formatCents(toCents(row.value)),
  percent: flag(row.percent),
  amount: row.amount ?? 0,
  expiresAt: dateOnly(row.expiresAt),
});

/** A code is one coupon's, whatever its case (codes are upper case, but rows from elsewhere may not be). */
const checkCodeFree = async (strapi: Core.Strapi, code: string, exceptId?: number): Promise<void> => {
  const taken = await strapi.db.query(UID).count({ where: { code: { $eqi: code }, ...(exceptId ? { id: { $ne: exceptId } } : {}) } });
  if (taken > 0) throw new ApiError(409, 'coupons.error.codeTaken');
};

/** What a coupon write says, as its schemas parse it (a create's or an update's). */
export type CouponWrite = Partial<z.infer<typeof couponInputSchema>>;

/**
 * A coupon write's rules beyond the schema, the same on every write path (the back office's
 * routes, the Content Manager: decision 051): a create's event exists; the code is no other
 * coupon's; a percentage is at most 100 with what the update leaves stored; the uses offered
 * never fall below the ones pending orders hold (`reserved`).
 */
export const checkCoupon = async (strapi: Core.Strapi, input: CouponWrite, id: number | null): Promise<void> => {
  if (id === null) {
    const event = input.eventId ? await strapi.db.query('api::event.event').count({ where: { id: input.eventId } }) : 0;
    if (event === 0) throw new ApiError(404, 'api.error.eventNotFound');
    if (input.code !== undefined) await checkCodeFree(strapi, input.code);
    return;
  }
  if (input.code !== undefined) await checkCodeFree(strapi, input.code, id);
  const current = (await strapi.db.query(UID).findOne({ where: { id }, select: ['value', 'percent', 'reserved'] })) as
    (CouponRow & { reserved: number | null }) | null;
  if (!current) throw new ApiError(404, 'api.error.couponNotFound');
  const percent = input.percent !== undefined ? input.percent === 1 : flag(current.percent) === 1;
  if (percent && toCents(input.value ?? current.value) > 100_00) throw new ApiError(400, 'api.error.invalidBody');
  if (input.amount !== undefined && input.amount < Number(current.reserved ?? 0)) throw new ApiError(409, 'coupons.error.belowReserved');
};

/** Coupons of the events (admin): code unique (409 'coupons.error.codeTaken'), a percentage at most 100. */
export const cmsCouponSpec = (strapi: Core.Strapi): ResourceSpec<CouponRow, Coupon, CouponOrderField> => ({
  uid: UID,
  path: couponPaths.cms,
  searchFields: ['code'],
  order: couponOrder,
  filters: { eventId: eventFilter },
  select: ['id', 'code', 'value', 'percent', 'amount', 'expiresAt'],
  populate: { event: { select: ['id'] } },
  notFound: 'api.error.couponNotFound',
  toWire: couponToWire,
  input: {
    create: couponInputSchema,
    update: couponUpdateSchema,
    toData: async (raw: unknown, ctx: ContextLike) => {
      if (ctx.method === 'POST') {
        const { eventId, ...input } = raw as z.infer<typeof couponInputSchema>;
        await checkCoupon(strapi, { eventId, ...input }, null);
        return { data: { ...input, event: eventId, percent: input.percent === 1 } };
      }
      const input = raw as z.infer<typeof couponUpdateSchema>;
      await checkCoupon(strapi, input, Number(ctx.params.id));
      return { data: { ...input, ...(input.percent !== undefined ? { percent: input.percent === 1 } : {}) } };
    },
  },
});
