import { describe, expect, it } from 'vitest';
import { formFlag, formMoney, formDate, formTime, formUrl, formText, formCount } from './common';
import { couponInputSchema } from './coupon';
import { eventInputSchema } from './event';
import { endsAfterStart } from './lecture';

describe('form fields as multipart or JSON send them', () => {
  it('reads flags from strings, numbers and booleans', () => {
    expect(['1', 1, true, 'true'].map((v) => formFlag.parse(v))).toEqual([1, 1, 1, 1]);
    expect(['0', 0, false, 'false'].map((v) => formFlag.parse(v))).toEqual([0, 0, 0, 0]);
    expect(formFlag.safeParse('2').success).toBe(false);
  });

  it('reads amounts in reais as typed', () => {
    expect(formMoney.parse('150')).toBe('150.00');
    expect(formMoney.parse('150,5')).toBe('150.50');
    expect(formMoney.parse('1.234,56')).toBe('1234.56');
    expect(formMoney.parse('R$ 99,90')).toBe('99.90');
    expect(formMoney.parse(12.5)).toBe('12.50');
    expect(formMoney.parse('')).toBeUndefined();
    expect(formMoney.safeParse('-1').success).toBe(false);
    expect(formMoney.safeParse('abc').success).toBe(false);
    expect(formMoney.safeParse('1.2.3').success).toBe(false);
  });

  it('checks calendar days, clock times, addresses, counts and texts', () => {
    expect(formDate.safeParse('2026-02-29').success).toBe(false);
    expect(formDate.safeParse('2028-02-29').success).toBe(true);
    expect(formTime.safeParse('24:00').success).toBe(false);
    expect(formTime.parse('08:30')).toBe('08:30');
    expect(formUrl.parse('')).toBeNull();
    expect(formUrl.safeParse('javascript:alert(1)').success).toBe(false);
    expect(formUrl.parse(' https://exemplo.com.br/x ')).toBe('https://exemplo.com.br/x');
    expect(formCount.parse('12')).toBe(12);
    expect(formCount.safeParse('-3').success).toBe(false);
    expect(formText(10).parse('  ')).toBeNull();
  });

  it('parses a multipart event save', () => {
    const parsed = eventInputSchema.parse({
      name: ' Congresso ',
      description: 'd',
      categoryId: '3',
      startDate: '2026-12-01',
      endDate: '',
      startTime: '08:00',
      value: '0',
      published: '1',
      removeImageFile: '0',
    });
    expect(parsed).toMatchObject({ name: 'Congresso', categoryId: 3, endDate: null, value: '0.00', published: 1, removeImageFile: 0 });
    expect(
      eventInputSchema.safeParse({ name: 'x', description: 'd', categoryId: 'a', startDate: '2026-12-01', startTime: '08:00' }).success,
    ).toBe(false);
  });

  it('keeps coupon codes upper case without spaces and percentages at most 100', () => {
    expect(couponInputSchema.safeParse({ eventId: 1, code: 'PROMO 10', value: '10' }).success).toBe(false);
    expect(couponInputSchema.safeParse({ eventId: 1, code: 'promo10', value: '10' }).success).toBe(false);
    expect(couponInputSchema.safeParse({ eventId: 1, code: 'PROMO10', value: '150', percent: 1 }).success).toBe(false);
    expect(couponInputSchema.parse({ eventId: 1, code: 'PROMO10', value: '10', percent: '1' })).toMatchObject({
      value: '10.00',
      percent: 1,
    });
  });

  it('tells whether a lecture ends after it starts', () => {
    expect(endsAfterStart('08:00', '09:00')).toBe(true);
    expect(endsAfterStart('08:00:00', '08:00')).toBe(false);
    expect(endsAfterStart('10:00', '09:59:59')).toBe(false);
  });
});
