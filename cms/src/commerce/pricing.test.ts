import { describe, expect, it } from 'vitest';
import { ApiError } from '@plataforma/adapter';
import { priceCart, quoteToWire, todayIn, type PricedCoupon, type PricedEvent, type PricedLecture } from './pricing';

const event: PricedEvent = { id: 1, name: 'Congresso', value: '300.00', discount: '50.00', installments: 1, timezone: 'America/Sao_Paulo' };
const lectures: PricedLecture[] = [
  { id: 10, name: 'Abertura', value: '80.00', discount: '10.00', eventId: 1 },
  { id: 11, name: 'Encerramento', value: '40.00', discount: null, eventId: 1 },
  { id: 20, name: 'De outro evento', value: '10.00', discount: null, eventId: 2 },
];
const none = { event: false, lectureIds: [] };
const now = new Date('2026-06-01T12:00:00Z');
const coupon = (over: Partial<PricedCoupon> = {}): PricedCoupon => ({
  id: 5,
  code: 'DEMO10',
  value: '10.00',
  percent: true,
  amount: 3,
  reserved: 0,
  expiresAt: '2030-12-31',
  eventId: 1,
  ...over,
});
const cart = (over: Partial<Parameters<typeof priceCart>[0]> = {}) => ({
  eventId: 1,
  all: false,
  lectureIds: [10],
  couponCode: null,
  ...over,
});
const keyOf = (fn: () => unknown): string => {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) return `${error.status} ${error.msg}`;
    throw error;
  }
  return 'no error';
};

describe('priceCart', () => {
  it('prices the event ticket as value − discount', () => {
    const priced = priceCart(cart({ all: true, lectureIds: [] }), event, [], none, null, now);
    expect(quoteToWire(priced)).toEqual({
      eventId: 1,
      items: [
        {
          id: null,
          kind: 'event',
          eventId: 1,
          lectureId: null,
          description: 'Congresso',
          price: '300.00',
          discount: '50.00',
          total: '250.00',
        },
      ],
      coupon: null,
      subtotal: '250.00',
      couponDiscount: '0.00',
      total: '250.00',
      installments: 1,
    });
  });

  it('prices lectures, each once, as value − discount', () => {
    const priced = priceCart(cart({ lectureIds: [10, 11, 10] }), event, lectures, none, null, now);
    expect(priced.lines.map((line) => [line.lectureId, line.totalCents])).toEqual([
      [10, 7000],
      [11, 4000],
    ]);
    expect(priced.subtotalCents).toBe(11000);
  });

  it('refuses an empty cart, an unknown lecture, a lecture of another event', () => {
    expect(keyOf(() => priceCart(cart({ lectureIds: [] }), event, lectures, none, null, now))).toBe('400 orders.error.emptyCart');
    expect(keyOf(() => priceCart(cart({ lectureIds: [99] }), event, lectures, none, null, now))).toBe('404 orders.error.unknownItem');
    expect(keyOf(() => priceCart(cart({ lectureIds: [20] }), event, lectures, none, null, now))).toBe('404 orders.error.unknownItem');
  });

  it('refuses what the client already holds: a bought lecture, anything once the whole event is theirs', () => {
    expect(keyOf(() => priceCart(cart(), event, lectures, { event: false, lectureIds: [10] }, null, now))).toBe(
      '409 orders.error.alreadyOwned',
    );
    expect(keyOf(() => priceCart(cart({ lectureIds: [11] }), event, lectures, { event: true, lectureIds: [] }, null, now))).toBe(
      '409 orders.error.alreadyOwned',
    );
    expect(keyOf(() => priceCart(cart({ all: true }), event, lectures, { event: true, lectureIds: [] }, null, now))).toBe(
      '409 orders.error.alreadyOwned',
    );
  });

  it('takes a percent coupon off the subtotal, rounded to the cent', () => {
    const priced = priceCart(cart({ couponCode: 'DEMO10' }), event, lectures, none, coupon({ value: '33.33' }), now);
    expect(priced.couponDiscountCents).toBe(2333);
    expect(priced.totalCents).toBe(7000 - 2333);
    expect(priced.coupon).toEqual({ code: 'DEMO10', value: '33.33', percent: 1 });
  });

  it('never takes a value coupon below zero nor above the subtotal', () => {
    const big = priceCart(cart({ couponCode: 'X' }), event, lectures, none, coupon({ percent: false, value: '500.00' }), now);
    expect([big.couponDiscountCents, big.totalCents]).toEqual([7000, 0]);
    const negative = priceCart(cart({ couponCode: 'X' }), event, lectures, none, coupon({ percent: false, value: '-5.00' }), now);
    expect([negative.couponDiscountCents, negative.totalCents]).toEqual([0, 7000]);
    const over = priceCart(cart({ couponCode: 'X' }), event, lectures, none, coupon({ value: '150.00' }), now);
    expect(over.totalCents).toBe(0);
  });

  it('refuses an unknown, another event’s, an expired or an exhausted coupon; one of no event is anyone’s', () => {
    expect(keyOf(() => priceCart(cart({ couponCode: 'NOPE' }), event, lectures, none, null, now))).toBe('404 coupons.error.unknown');
    expect(keyOf(() => priceCart(cart({ couponCode: 'X' }), event, lectures, none, coupon({ eventId: 2 }), now))).toBe(
      '422 coupons.error.notApplicable',
    );
    expect(keyOf(() => priceCart(cart({ couponCode: 'X' }), event, lectures, none, coupon({ expiresAt: '2026-05-31' }), now))).toBe(
      '422 coupons.error.expired',
    );
    expect(keyOf(() => priceCart(cart({ couponCode: 'X' }), event, lectures, none, coupon({ amount: 2, reserved: 2 }), now))).toBe(
      '422 coupons.error.exhausted',
    );
    expect(keyOf(() => priceCart(cart({ couponCode: 'X' }), event, lectures, none, coupon({ amount: 0 }), now))).toBe(
      '422 coupons.error.exhausted',
    );
    expect(priceCart(cart({ couponCode: 'X' }), event, lectures, none, coupon({ eventId: null }), now).couponDiscountCents).toBe(700);
  });

  it('reads a coupon’s last day in the event’s time zone', () => {
    // 02:30 UTC on 1 June is still 31 May in São Paulo (UTC−3), already 1 June in Lisbon.
    const early = new Date('2026-06-01T02:30:00Z');
    expect(todayIn(early, 'America/Sao_Paulo')).toBe('2026-05-31');
    const lastDay = coupon({ expiresAt: '2026-05-31' });
    expect(priceCart(cart({ couponCode: 'X' }), event, lectures, none, lastDay, early).couponDiscountCents).toBe(700);
    expect(keyOf(() => priceCart(cart({ couponCode: 'X' }), { ...event, timezone: 'Europe/Lisbon' }, lectures, none, lastDay, early))).toBe(
      '422 coupons.error.expired',
    );
  });

  it('allows the event’s instalments up to the card limit, at least one', () => {
    expect(priceCart(cart(), { ...event, installments: 6 }, lectures, none, null, now).installments).toBe(6);
    expect(priceCart(cart(), { ...event, installments: 40 }, lectures, none, null, now).installments).toBe(12);
    expect(priceCart(cart(), { ...event, installments: 0 }, lectures, none, null, now).installments).toBe(1);
    expect(priceCart(cart(), { ...event, installments: null }, lectures, none, null, now).installments).toBe(1);
  });
});
