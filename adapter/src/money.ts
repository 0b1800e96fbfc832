import type { CURRENCIES } from './constants';

/**
 * Money on the wire is a decimal string with two places ('150.00'), as the back
 * office expects ('0.00' marks a free event). Arithmetic is done in integer cents.
 */
export type Currency = (typeof CURRENCIES)[number];

const DECIMAL = /^\s*(-?)(\d*)(?:[.,](\d*))?\s*$/;

/** Integer cents of a decimal, parsed from its text (no float multiplication), half up. */
export const toCents = (value: number | string | null | undefined): number => {
  if (value === null || value === undefined || value === '') return 0;
  if (typeof value === 'number' && !Number.isFinite(value)) return 0;
  const text = typeof value === 'number' ? String(value) : value;
  const match = DECIMAL.exec(text);
  if (!match) {
    const n = Number(text);
    return Number.isFinite(n) ? Math.round(n * 100) : 0;
  }
  const [, sign, whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return 0;
  const digits = (fraction + '000').slice(0, 3);
  const cents = Number(whole || '0') * 100 + Number(digits.slice(0, 2)) + (Number(digits[2]) >= 5 ? 1 : 0);
  return sign === '-' ? -cents : cents;
};

export const formatCents = (cents: number): string => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

export interface PriceInput {
  value: number | string | null | undefined;
  discount: number | string | null | undefined;
  exchange?: number | string | null | undefined;
}

export interface Price {
  value: string;
  discount: string;
  /** value minus discount when discount > 0, else value. */
  discountValue: string;
  hasDiscount: boolean;
  currency: Currency;
}

/**
 * SPEC §3: discountValue = value − discount when discount > 0, and hasDiscount then.
 * In the foreign variant value and discount are divided by the exchange rate and the
 * symbol is '$'. An exchange rate that is missing, zero or negative counts as 1.
 */
export const price = ({ value, discount, exchange }: PriceInput, foreign = false): Price => {
  let valueCents = toCents(value);
  let discountCents = toCents(discount);
  if (foreign) {
    const rate = Number(exchange);
    const divisor = Number.isFinite(rate) && rate > 0 ? rate : 1;
    valueCents = Math.round(valueCents / divisor);
    discountCents = Math.round(discountCents / divisor);
  }
  const hasDiscount = discountCents > 0;
  return {
    value: formatCents(valueCents),
    discount: formatCents(discountCents),
    discountValue: formatCents(hasDiscount ? valueCents - discountCents : valueCents),
    hasDiscount,
    currency: foreign ? '$' : 'R$',
  };
};

/**
 * One of `count` equal instalments of an amount, in integer cents, rounded up so the
 * instalments cover the whole ('100.00', 3 → '33.34'); a count below 1 counts as 1.
 */
export const instalment = (total: number | string | null | undefined, count: number): string =>
  formatCents(Math.ceil(toCents(total) / Math.max(1, count)));

/**
 * An amount in reais in the event's foreign currency, by its exchange rate (SPEC §3 `exchange`:
 * reais per unit; the foreign variant divides by it), for display only: charges are in reais
 * (decision 052). Half-up to the cent. null when there is nothing to show: a rate missing, not
 * a positive number, or exactly 1 (the default: no foreign price), or an amount of zero or less.
 */
export const foreignEstimate = (
  amount: number | string | null | undefined,
  exchange: number | string | null | undefined,
): string | null => {
  const rate = typeof exchange === 'string' ? Number(exchange.trim().replace(',', '.')) : Number(exchange);
  if (exchange === null || exchange === undefined || exchange === '' || !Number.isFinite(rate) || rate <= 0 || rate === 1) return null;
  const cents = toCents(amount);
  if (cents <= 0) return null;
  return formatCents(Math.round(cents / rate));
};
