import { describe, expect, it } from 'vitest';
import { derivedPhones } from './common';

describe("a client's derived phones (SPEC §3 dddPhone, dddFullPhone)", () => {
  it('puts the area code, then the country code, before the number, as digits', () => {
    expect(derivedPhones({ ddi: '55', ddd: '11', phone: '987654321' })).toEqual({
      dddPhone: '11987654321',
      dddFullPhone: '5511987654321',
    });
    expect(derivedPhones({ ddi: '351', ddd: null, phone: '912345678' })).toEqual({
      dddPhone: '912345678',
      dddFullPhone: '351912345678',
    });
  });

  it('guesses no country code, and gives nothing without a number', () => {
    expect(derivedPhones({ ddi: null, ddd: '21', phone: '33334444' })).toEqual({ dddPhone: '2133334444', dddFullPhone: null });
    expect(derivedPhones({ ddi: '55', ddd: '11', phone: null })).toEqual({ dddPhone: null, dddFullPhone: null });
  });
});
