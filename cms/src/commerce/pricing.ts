import { ApiError, CARD_INSTALLMENTS_MAX, DEFAULT_TIME_ZONE, formatCents, toCents, wallClock, type Quote } from '@plataforma/adapter';

/**
 * A cart priced from the database's rows (decision 045): pure, in integer cents. The caller
 * reads the event, the lectures the cart names, what the client already owns and the coupon;
 * this decides the lines, the coupon's discount, the total and the instalments, or refuses
 * with a key (400/404/409/422).
 */

type Money = number | string | null | undefined;

export interface PricedEvent {
  id: number;
  name: string;
  value: Money;
  discount: Money;
  installments: number | null;
  timezone: string | null;
}

export interface PricedLecture {
  id: number;
  name: string;
  value: Money;
  discount: Money;
  /** The event of the lecture's room (null: a lecture without a room). */
  eventId: number | null;
}

export interface PricedCoupon {
  id: number;
  code: string;
  value: Money;
  percent: boolean | number | null;
  /** Uses left (spent ones are taken off). */
  amount: number | null;
  /** Uses held by pending orders. */
  reserved: number | null;
  /** 'YYYY-MM-DD', the last day it may be used in the event's zone; null: no end. */
  expiresAt: string | null;
  /** null: any event's. */
  eventId: number | null;
}

export interface Owned {
  /** The client holds the whole event (a paid order of it, or a grant). */
  event: boolean;
  /** Lectures the client bought. */
  lectureIds: readonly number[];
}

export interface CartRequest {
  eventId: number;
  all: boolean;
  lectureIds: readonly number[];
  couponCode: string | null;
}

export interface PricedLine {
  kind: 'event' | 'lecture';
  eventId: number;
  lectureId: number | null;
  description: string;
  priceCents: number;
  discountCents: number;
  totalCents: number;
}

export interface PricedCart {
  eventId: number;
  lines: PricedLine[];
  couponId: number | null;
  couponCode: string | null;
  subtotalCents: number;
  couponDiscountCents: number;
  totalCents: number;
  installments: number;
  coupon: Quote['coupon'];
}

/** The price after the item's own discount, never below zero (a discount above the value counts as the value). */
const netOf = (value: Money, discount: Money) => {
  const priceCents = Math.max(0, toCents(value));
  const discountCents = Math.min(priceCents, Math.max(0, toCents(discount)));
  return { priceCents, discountCents, totalCents: priceCents - discountCents };
};

/** Today's date ('YYYY-MM-DD') in a time zone. */
export const todayIn = (now: Date, timeZone: string | null): string => {
  let clock;
  try {
    clock = wallClock(now.getTime(), timeZone || DEFAULT_TIME_ZONE);
  } catch {
    clock = wallClock(now.getTime(), DEFAULT_TIME_ZONE);
  }
  return `${clock.year}-${String(clock.month).padStart(2, '0')}-${String(clock.day).padStart(2, '0')}`;
};

/** Whether a coupon may still be used, and what it takes off a subtotal; throws its key otherwise. */
export const couponDiscount = (coupon: PricedCoupon, event: PricedEvent, subtotalCents: number, now: Date): number => {
  if (coupon.eventId !== null && coupon.eventId !== event.id) throw new ApiError(422, 'coupons.error.notApplicable');
  if (coupon.expiresAt && todayIn(now, event.timezone) > coupon.expiresAt.slice(0, 10)) throw new ApiError(422, 'coupons.error.expired');
  if ((coupon.amount ?? 0) - (coupon.reserved ?? 0) <= 0) throw new ApiError(422, 'coupons.error.exhausted');
  const value = Math.max(0, toCents(coupon.value));
  const off = coupon.percent ? Math.round((subtotalCents * Math.min(value, 100_00)) / 100_00) : value;
  return Math.min(subtotalCents, Math.max(0, off));
};

/**
 * Prices a cart. `lectures` are the rows found for the cart's ids (an id without a row is
 * unknown); `coupon` is the row of the cart's code (null when the code names none).
 */
export const priceCart = (
  cart: CartRequest,
  event: PricedEvent,
  lectures: readonly PricedLecture[],
  owned: Owned,
  coupon: PricedCoupon | null,
  now: Date,
): PricedCart => {
  const lectureIds = [...new Set(cart.lectureIds)];
  if (!cart.all && lectureIds.length === 0) throw new ApiError(400, 'orders.error.emptyCart');
  if (owned.event) throw new ApiError(409, 'orders.error.alreadyOwned');
  const lines: PricedLine[] = [];
  if (cart.all) {
    lines.push({ kind: 'event', eventId: event.id, lectureId: null, description: event.name, ...netOf(event.value, event.discount) });
  } else {
    const byId = new Map(lectures.map((lecture) => [lecture.id, lecture]));
    for (const id of lectureIds) {
      const lecture = byId.get(id);
      if (!lecture || lecture.eventId !== event.id) throw new ApiError(404, 'orders.error.unknownItem');
      if (owned.lectureIds.includes(id)) throw new ApiError(409, 'orders.error.alreadyOwned');
      lines.push({
        kind: 'lecture',
        eventId: event.id,
        lectureId: id,
        description: lecture.name,
        ...netOf(lecture.value, lecture.discount),
      });
    }
  }
  const subtotalCents = lines.reduce((sum, line) => sum + line.totalCents, 0);
  if (cart.couponCode && !coupon) throw new ApiError(404, 'coupons.error.unknown');
  const couponDiscountCents = coupon ? couponDiscount(coupon, event, subtotalCents, now) : 0;
  const totalCents = subtotalCents - couponDiscountCents;
  const installments = Math.max(1, Math.min(event.installments ?? 1, CARD_INSTALLMENTS_MAX));
  return {
    eventId: event.id,
    lines,
    couponId: coupon?.id ?? null,
    couponCode: coupon?.code ?? null,
    subtotalCents,
    couponDiscountCents,
    totalCents,
    installments,
    coupon: coupon ? { code: coupon.code, value: formatCents(toCents(coupon.value)), percent: coupon.percent ? 1 : 0 } : null,
  };
};

/** The quote's wire shape. */
export const quoteToWire = (priced: PricedCart): Quote => ({
  eventId: priced.eventId,
  items: priced.lines.map((line) => ({
    id: null,
    kind: line.kind,
    eventId: line.eventId,
    lectureId: line.lectureId,
    description: line.description,
    price: formatCents(line.priceCents),
    discount: formatCents(line.discountCents),
    total: formatCents(line.totalCents),
  })),
  coupon: priced.coupon,
  subtotal: formatCents(priced.subtotalCents),
  couponDiscount: formatCents(priced.couponDiscountCents),
  total: formatCents(priced.totalCents),
  installments: priced.installments,
});
