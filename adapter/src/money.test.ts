import { describe, expect, it } from 'vitest';
import { foreignEstimate, formatCents, instalment, price, toCents } from './money';

describe('price', () => {
  it('derives discountValue and hasDiscount when there is a discount', () => {
    expect(price({ value: '150.00', discount: '30.00' })).toEqual({
      value: '150.00',
      discount: '30.00',
      discountValue: '120.00',
      hasDiscount: true,
      currency: 'R$',
    });
  });

  it('has no discount when discount is zero or missing', () => {
    expect(price({ value: 99.9, discount: 0 })).toMatchObject({ discountValue: '99.90', hasDiscount: false });
    expect(price({ value: '0.00', discount: null })).toMatchObject({ value: '0.00', discountValue: '0.00', hasDiscount: false });
  });

  it('divides value and discount by the exchange rate in the foreign variant', () => {
    expect(price({ value: '150.00', discount: '30.00', exchange: '5.25' }, true)).toEqual({
      value: '28.57',
      discount: '5.71',
      discountValue: '22.86',
      hasDiscount: true,
      currency: '$',
    });
  });

  it('treats a missing, zero or negative exchange rate as 1', () => {
    for (const exchange of [null, 0, -2, 'abc']) {
      expect(price({ value: '10.00', discount: '0', exchange }, true).value).toBe('10.00');
    }
  });

  it('avoids floating point drift', () => {
    expect(price({ value: '0.30', discount: '0.10' }).discountValue).toBe('0.20');
    expect(toCents('1.005')).toBe(101);
    expect(formatCents(-5)).toBe('-0.05');
  });
});

describe('instalment', () => {
  it('splits an amount in cents, rounding the instalment up', () => {
    expect(instalment('1000.00', 10)).toBe('100.00');
    expect(instalment('390.00', 3)).toBe('130.00');
    expect(instalment('100.00', 3)).toBe('33.34');
    expect(instalment('100.00', 0)).toBe('100.00');
  });

  it('reads the amount as text, as toCents does, never through a float', () => {
    // Math.round(Number('1.005') * 100) is 100 (1.005 is 1.00499… as a float): one cent short.
    expect(instalment('1.005', 1)).toBe('1.01');
    expect(instalment('0.285', 1)).toBe('0.29');
  });
});

describe('foreignEstimate', () => {
  it('divides an amount in reais by the event’s exchange rate, to the cent (display only)', () => {
    expect(foreignEstimate('80.00', '5.20')).toBe('15.38');
    expect(foreignEstimate('70.00', '5.25')).toBe('13.33');
    expect(foreignEstimate('1200.00', 5)).toBe('240.00');
    // A rate with more places, or written with a comma, is read as is.
    expect(foreignEstimate('100.00', '5.4321')).toBe('18.41');
    expect(foreignEstimate('100.00', '4,5')).toBe('22.22');
    // Half up: 0.005 rounds to the next cent.
    expect(foreignEstimate('0.03', '2')).toBe('0.02');
  });

  it('has nothing to show without a foreign rate (missing, 1, zero, negative, not a number) or without an amount', () => {
    for (const rate of [null, undefined, '', '1', '1.00', 1, '0', '-5', 'abc', Number.NaN, Number.POSITIVE_INFINITY])
      expect(foreignEstimate('80.00', rate)).toBeNull();
    expect(foreignEstimate('0.00', '5.20')).toBeNull();
    expect(foreignEstimate('-10.00', '5.20')).toBeNull();
    expect(foreignEstimate(null, '5.20')).toBeNull();
  });
});
