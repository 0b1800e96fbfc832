import { couponPaths, type Coupon, type CouponInput } from '@plataforma/adapter';
import { resourceApi } from '../api';

/** An event's coupons (list filter `eventId`; JSON saves). */
const coupons = resourceApi<Coupon, CouponInput>(couponPaths.cms);

export const couponKeys = coupons.keys;
export const couponsListQuery = coupons.listQuery;
export const useSaveCoupon = coupons.useSave;
export const useDeleteCoupons = coupons.useDelete;
