import { describe, expect, it } from 'vitest';
import { daysBetween, formatDateTime, formatLectureDate, formatTimeOfDay } from './dates';
import { monthName, timeAgo } from './dates-i18n';
import { dateInZone, timeInZone, wallClock, zonedInstant } from './schedule';

/** The adapter compiles without Node's types; its tests run in Node. */
declare const process: { env: Record<string, string | undefined> };

const withMachineZone = (zone: string, check: () => void) => {
  const env = process.env;
  const before = env.TZ;
  env.TZ = zone;
  try {
    check();
  } finally {
    env.TZ = before;
  }
};

describe('dates on dayjs', () => {
  it('formats a lecture date and refuses what is not one', () => {
    expect(formatLectureDate('2020-11-12')).toBe('12/11/2020');
    expect(formatLectureDate('2020-02-30')).toBe('');
    expect(formatLectureDate('12/11/2020')).toBe('');
  });

  it("formats a moment as 'DD-MM-YYYY HH:mm' in the product's zone whatever the machine's (issue 16)", () => {
    for (const machine of ['America/Sao_Paulo', 'Europe/Berlin', 'Asia/Tokyo', 'UTC']) {
      withMachineZone(machine, () => {
        expect(formatDateTime('2026-11-23T02:30:00.000Z')).toBe('22-11-2026 23:30');
        expect(formatDateTime(Date.parse('2020-11-12T11:05:00Z'))).toBe('12-11-2020 08:05');
        expect(formatTimeOfDay('2026-11-23T02:30:00.000Z')).toBe('23:30');
      });
    }
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
    expect(formatTimeOfDay(undefined)).toBe('');
  });

  it("formats in an event's zone when given one", () => {
    expect(formatDateTime('2026-11-23T02:30:00.000Z', 'America/Manaus')).toBe('22-11-2026 22:30');
    expect(formatDateTime('2026-11-23T02:30:00.000Z', 'America/Noronha')).toBe('23-11-2026 00:30');
    expect(formatDateTime('2026-03-29T01:30:00.000Z', 'Europe/Berlin')).toBe('29-03-2026 03:30');
    expect(formatTimeOfDay(Date.parse('2020-11-12T11:05:00Z'), 'America/Rio_Branco')).toBe('06:05');
  });

  it('lists the days between two dates, both included, across a month end', () => {
    expect(daysBetween('2020-11-29', '2020-12-02')).toEqual(['2020-11-29', '2020-11-30', '2020-12-01', '2020-12-02']);
    expect(daysBetween('2020-11-12', '2020-11-11')).toEqual([]);
    expect(daysBetween('2020-01-01', '2020-12-31', 3)).toHaveLength(3);
  });

  it('names months per language pack (AL is German)', () => {
    expect(monthName(11, 'pt', 'long')).toBe('novembro');
    expect(monthName(3, 'en', 'long')).toBe('March');
    expect(monthName(3, 'al', 'long')).toBe('März');
    expect(monthName(11, 'pt')).toMatch(/^nov/);
  });

  it('says how long ago, per language', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    expect(timeAgo(now - 3 * 60_000, 'pt', now)).toBe('há 3 minutos');
    expect(timeAgo(now - 3 * 60_000, 'en', now)).toBe('3 minutes ago');
    expect(timeAgo(now - 3 * 60_000, 'al', now)).toBe('vor 3 Minuten');
  });

  it('keeps the event zone whatever zone (with or without DST) the machine is in', () => {
    for (const zone of ['UTC', 'Asia/Tokyo', 'Europe/Berlin', 'America/New_York']) {
      withMachineZone(zone, () => {
        // Days on which the machine's own zone changes its clock.
        expect(new Date(zonedInstant('2026-03-29', '10:00', 'America/Sao_Paulo')).toISOString()).toBe('2026-03-29T13:00:00.000Z');
        expect(new Date(zonedInstant('2026-11-01', '01:30', 'America/Sao_Paulo')).toISOString()).toBe('2026-11-01T04:30:00.000Z');
        expect(dateInZone(Date.parse('2026-03-08T02:30:00Z'), 'America/Sao_Paulo')).toBe('2026-03-07');
        expect(timeInZone(Date.parse('2026-03-08T07:30:00Z'), 'America/New_York')).toBe('03:30');
        expect(wallClock(Date.parse('2019-02-17T01:30:00Z'), 'America/Sao_Paulo').hour).toBe(23);
      });
    }
  });
});
