import { describe, expect, it } from 'vitest';
import { dayOfNumber, midnightOf, offsetAt, zonedRange } from './zone';

/** What the database computes for an instant: its local day and hour from the range's offsets (sql.ts's CASE). */
const local = (range: ReturnType<typeof zonedRange>, instant: number) => {
  const seconds = Math.floor(instant / 1000);
  const piece = [...range.offsets].reverse().find((one) => seconds >= Math.floor(one.since / 1000)) ?? range.offsets[0];
  const value = seconds + piece.offset;
  return { day: dayOfNumber(Math.floor(value / 86400)), hour: Math.floor(value / 3600) % 24 };
};

describe('a range in a zone (decision 048)', () => {
  it('São Paulo: one offset, UTC−3; midnight is 03:00Z', () => {
    const range = zonedRange('2026-05-10', '2026-05-11', 'America/Sao_Paulo');
    expect(range.offsets).toEqual([{ since: Date.parse('2026-05-10T03:00:00Z'), offset: -10800 }]);
    expect(range.end).toBe(Date.parse('2026-05-12T03:00:00Z'));
    expect(local(range, Date.parse('2026-05-11T02:30:00Z'))).toEqual({ day: '2026-05-10', hour: 23 });
  });

  it('New York across the spring change: the offset changes at 07:00Z, to the minute', () => {
    const range = zonedRange('2026-03-07', '2026-03-09', 'America/New_York');
    expect(range.start).toBe(Date.parse('2026-03-07T05:00:00Z'));
    expect(range.end).toBe(Date.parse('2026-03-10T04:00:00Z'));
    expect(range.offsets).toEqual([
      { since: range.start, offset: -18000 },
      { since: Date.parse('2026-03-08T07:00:00Z'), offset: -14400 },
    ]);
    expect(local(range, Date.parse('2026-03-08T06:59:00Z'))).toEqual({ day: '2026-03-08', hour: 1 });
    expect(local(range, Date.parse('2026-03-08T07:00:00Z'))).toEqual({ day: '2026-03-08', hour: 3 });
  });

  it('Kolkata: half-hour offsets', () => {
    expect(offsetAt(Date.parse('2026-05-10T00:00:00Z'), 'Asia/Kolkata')).toBe(19800);
    expect(midnightOf('2026-05-10', 'Asia/Kolkata')).toBe(Date.parse('2026-05-09T18:30:00Z'));
  });

  it('refuses a reversed range or one over 366 days', () => {
    expect(() => zonedRange('2026-05-11', '2026-05-10', 'UTC')).toThrow();
    expect(() => zonedRange('2025-01-01', '2026-01-02', 'UTC')).toThrow();
    expect(zonedRange('2025-01-01', '2026-01-01', 'UTC').offsets).toHaveLength(1);
  });
});
