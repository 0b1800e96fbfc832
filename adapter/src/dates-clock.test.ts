import { describe, expect, it } from 'vitest';
import { formatClockTime } from './dates';

describe('wall-clock times', () => {
  it("shows 'HH:mm' of the wire's times and nothing for what is not a time", () => {
    expect(formatClockTime('08:00:00')).toBe('08:00');
    expect(formatClockTime('14:05')).toBe('14:05');
    expect(formatClockTime('23:59:59.000')).toBe('23:59');
    expect(formatClockTime('25:00:00')).toBe('');
    expect(formatClockTime('8h')).toBe('');
    expect(formatClockTime(null)).toBe('');
    expect(formatClockTime(undefined)).toBe('');
  });
});
