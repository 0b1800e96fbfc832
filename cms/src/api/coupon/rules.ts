import { couponInputSchema, couponUpdateSchema } from '@plataforma/adapter';
import { nullAsAbsent, type DocumentRules } from '../../documents/rules';
import { refuseWhenOrdered } from '../event/cascade';
import { checkCoupon, type CouponWrite } from './wire';

/**
 * A coupon's rules on the Content Manager's path (decision 051): the back office's schemas and
 * checks (code upper case without spaces and free, a value or a percentage of at most 100, never
 * negative, its event); `reserved` is the pending orders' count, never typed in; the uses offered
 * never below it; never deleted while an order names it; one activity-log line per write.
 */
export const couponRules: DocumentRules = {
  uid: 'api::coupon.coupon',
  labels: { one: 'cupom', many: 'cupons' },
  logAction: 'coupons',
  create: couponInputSchema,
  update: couponUpdateSchema,
  links: {
    event: { target: 'api::event.event', field: 'eventId', required: 'api.error.eventNotFound', notFound: 'api.error.eventNotFound' },
  },
  fields: { value: nullAsAbsent, percent: nullAsAbsent, amount: nullAsAbsent },
  counters: { reserved: { key: 'coupons.error.reservedReadOnly', initial: 0 } },
  keyFields: {
    'coupons.error.codeTaken': 'code',
    'coupons.error.belowReserved': 'amount',
    'api.error.invalidBody': 'value',
    'api.error.eventNotFound': 'event',
  },
  normalize: (data) => {
    if (typeof data.code === 'string') data.code = data.code.trim();
  },
  check: (strapi, input, { id }) => checkCoupon(strapi, input as CouponWrite, id),
  beforeDelete: (strapi, id) => refuseWhenOrdered(strapi, { coupons: [id] }),
};
