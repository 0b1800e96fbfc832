import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '@plataforma/adapter';
import { canMove, chargeMoves, couponEffect, ORDER_MOVES } from './moves';

describe('order moves', () => {
  it('go pending → paid | failed | expired | cancelled and paid → refunded, nothing else', () => {
    const allowed = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.filter((to) => canMove(from, to)).map((to) => `${from}→${to}`));
    expect(allowed).toEqual(['pending→paid', 'pending→failed', 'pending→expired', 'pending→cancelled', 'paid→refunded']);
    expect(Object.keys(ORDER_MOVES).sort()).toEqual([...ORDER_STATUSES].sort());
  });

  it('spend the coupon on paid, give it back on every other end of waiting, and leave it after', () => {
    expect(couponEffect('pending', 'paid')).toBe('spend');
    for (const to of ['failed', 'expired', 'cancelled'] as const) expect(couponEffect('pending', to)).toBe('release');
    expect(couponEffect('paid', 'refunded')).toBeNull();
    expect(couponEffect('pending', 'refunded')).toBeNull();
  });
});

describe('a provider’s status', () => {
  it('moves a charge and its order only along allowed moves', () => {
    for (const status of PAYMENT_STATUSES)
      for (const step of chargeMoves(status)) {
        expect(canMove(...step.order), `${status}: ${step.order.join('→')}`).toBe(true);
        expect(step.payment[1]).not.toBe(step.payment[0]);
      }
  });

  it('pays on approved, fails, expires or cancels a waiting one, takes a chargeback as a refund, ignores pending', () => {
    expect(chargeMoves('approved')).toEqual([
      { payment: ['pending', 'approved'], order: ['pending', 'paid'] },
      // Issue 47, item 6: a charge given up here but paid at the bank still counts (paid, or refunded).
      { payment: ['cancelled', 'approved'], order: ['pending', 'paid'] },
      { payment: ['expired', 'approved'], order: ['pending', 'paid'] },
    ]);
    expect(chargeMoves('declined')[0]).toMatchObject({
      payment: ['pending', 'declined'],
      order: ['pending', 'failed'],
      unlessOthersWait: true,
    });
    expect(chargeMoves('expired')[0]).toMatchObject({ order: ['pending', 'expired'] });
    expect(chargeMoves('cancelled').map((step) => step.order)).toEqual([
      ['pending', 'failed'],
      ['paid', 'refunded'],
    ]);
    expect(chargeMoves('refunded')).toEqual([expect.objectContaining({ payment: ['approved', 'refunded'], order: ['paid', 'refunded'] })]);
    // A late 'pending' (after 'approved', a reordered delivery) moves nothing.
    expect(chargeMoves('pending')).toEqual([]);
  });
});
