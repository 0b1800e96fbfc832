import { afterEach, describe, expect, it, vi } from 'vitest';
import { liveByRoom } from './schedule';
import {
  forgetOffsetSpans,
  formatOffsetSpan,
  offsetSpanAt,
  parseOffsetSpan,
  rememberOffsetSpan,
  wallClock,
  type OffsetSpan,
  type WallClock,
} from './zones';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** The wall clock as Intl gives it, straight from the engine (never a remembered span). */
const intlClock = (instant: number, timeZone: string): WallClock => {
  const clock: WallClock = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  for (const part of format.formatToParts(instant)) if (part.type in clock) clock[part.type as keyof WallClock] = Number(part.value);
  clock.hour %= 24;
  return clock;
};

const intlOffset = (instant: number, timeZone: string): number => {
  const seconds = Math.floor(instant / 1000) * 1000;
  const w = intlClock(seconds, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - seconds;
};

/** A small seeded generator: the same instants on every run. */
const random = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};

afterEach(() => forgetOffsetSpans());

describe('offsetSpanAt: the stretch around an instant over which a zone keeps its offset', () => {
  it('finds the changes of a zone with summer time, to the second', () => {
    // Berlin: CET from 2025-10-26 01:00 UTC to 2026-03-29 01:00 UTC.
    expect(offsetSpanAt(Date.UTC(2026, 0, 15, 12), 'Europe/Berlin')).toEqual({
      timeZone: 'Europe/Berlin',
      offset: HOUR,
      from: Date.UTC(2025, 9, 26, 1),
      until: Date.UTC(2026, 2, 29, 1),
    });
    // São Paulo's last summer time: -03 from 2018-02-18 02:00 UTC until 2018-11-04 03:00 UTC.
    expect(offsetSpanAt(Date.UTC(2018, 5, 1), 'America/Sao_Paulo')).toEqual({
      timeZone: 'America/Sao_Paulo',
      offset: -3 * HOUR,
      from: Date.UTC(2018, 1, 18, 2),
      until: Date.UTC(2018, 10, 4, 3),
    });
    // Lord Howe moves half an hour: +10:30 in winter, +11 in summer (from 2026-10-04 02:00 local = 15:30 UTC the day before).
    const lordHowe = offsetSpanAt(Date.UTC(2026, 6, 1), 'Australia/Lord_Howe');
    expect(lordHowe.offset).toBe(10.5 * HOUR);
    expect(lordHowe.until).toBe(Date.UTC(2026, 9, 3, 15, 30));
  });

  it('stops at its reach when nothing changes: São Paulo has kept -03 since 2019', () => {
    const at = Date.UTC(2026, 10, 29, 0, 37, 44, 512);
    const span = offsetSpanAt(at, 'America/Sao_Paulo', 30 * DAY);
    expect(span).toEqual({
      timeZone: 'America/Sao_Paulo',
      offset: -3 * HOUR,
      from: Date.UTC(2026, 9, 30, 0, 37, 44),
      until: Date.UTC(2026, 11, 29, 0, 37, 44),
    });
    expect(offsetSpanAt(at, 'UTC').offset).toBe(0);
  });

  it('agrees with Intl at its edges and inside it, in zones of every kind', () => {
    const next = random(7);
    for (const timeZone of [
      'Europe/Berlin',
      'America/New_York',
      'America/Sao_Paulo',
      'Australia/Lord_Howe',
      'Asia/Kolkata',
      'Pacific/Chatham',
    ]) {
      for (let i = 0; i < 6; i++) {
        const at = Date.UTC(2016, 0, 1) + Math.floor(next() * 12 * 365 * DAY);
        const span = offsetSpanAt(at, timeZone, 200 * DAY);
        expect(span.from).toBeLessThanOrEqual(at);
        expect(span.until).toBeGreaterThan(at);
        for (const t of [span.from, span.until - 1000, at, span.from + Math.floor(next() * (span.until - span.from))])
          expect(intlOffset(t, timeZone), `${timeZone} at ${new Date(t).toISOString()}`).toBe(span.offset);
        if (span.from > Math.floor(at / 1000) * 1000 - 200 * DAY) expect(intlOffset(span.from - 1000, timeZone)).not.toBe(span.offset);
        if (span.until < Math.floor(at / 1000) * 1000 + 200 * DAY) expect(intlOffset(span.until, timeZone)).not.toBe(span.offset);
      }
    }
  });

  it("throws Intl's error for a zone that does not exist", () => {
    expect(() => offsetSpanAt(Date.now(), 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('wallClock with a remembered span', () => {
  it('gives what Intl gives, inside the span and on either side of it', () => {
    const next = random(11);
    for (const timeZone of ['Europe/Berlin', 'America/Sao_Paulo', 'Australia/Lord_Howe']) {
      const at = Date.UTC(2026, 2, 1);
      const span = offsetSpanAt(at, timeZone, 90 * DAY);
      rememberOffsetSpan(span);
      const instants = [span.from - 1000, span.from, span.until - 1, span.until, span.until + 3_599_999];
      for (let i = 0; i < 200; i++) instants.push(span.from - 30 * DAY + Math.floor(next() * (span.until - span.from + 60 * DAY)));
      for (const instant of instants)
        expect(wallClock(instant, timeZone), `${timeZone} at ${instant}`).toEqual(intlClock(instant, timeZone));
    }
  });

  it('asks Intl for nothing inside the span: the first reckoning of a page makes no formatter', async () => {
    vi.resetModules();
    const zones = await import('./zones');
    const schedule = await import('./schedule');
    zones.rememberOffsetSpan({ timeZone: 'America/Sao_Paulo', offset: -3 * HOUR, from: Date.UTC(2026, 0, 1), until: Date.UTC(2027, 0, 1) });
    const Original = Intl.DateTimeFormat;
    let made = 0;
    Intl.DateTimeFormat = new Proxy(Original, {
      construct: (target, args: ConstructorParameters<typeof Intl.DateTimeFormat>) => {
        made += 1;
        return new target(...args);
      },
    });
    try {
      const lectures = [
        // A programme's past days are not reckoned at all (they are over in any zone).
        { id: 3, room: { id: 7 }, startDate: '2020-11-12', startTime: '08:00:00', endTime: '09:30:00' },
        { id: 4, room: { id: 8 }, startDate: '2026-11-25', startTime: '23:00:00', endTime: '01:00:00' },
        { id: 1, room: { id: 7 }, startDate: '2026-11-28', startTime: '20:00:00', endTime: '22:00:00' },
        { id: 2, room: { id: 8 }, startDate: '2026-11-28', startTime: '23:00:00', endTime: '01:00:00' },
      ];
      const live = schedule.liveByRoom(lectures, Date.UTC(2026, 10, 29, 3, 30), 'America/Sao_Paulo');
      expect([...live.keys()]).toEqual([8]);
      expect(schedule.dateInZone(Date.UTC(2026, 10, 29, 2, 59), 'America/Sao_Paulo')).toBe('2026-11-28');
      expect(made).toBe(0);
      // Outside it, Intl as before.
      expect(schedule.dateInZone(Date.UTC(2027, 5, 1, 12), 'America/Sao_Paulo')).toBe('2027-06-01');
      expect(made).toBe(1);
    } finally {
      Intl.DateTimeFormat = Original;
    }
  });

  it("leaves the programme's marks as they were", () => {
    const lectures = [
      { id: 1, room: { id: 1 }, startDate: '2026-03-29', startTime: '01:30:00', endTime: '03:30:00' },
      { id: 2, room: { id: 2 }, startDate: '2026-03-28', startTime: '23:00:00', endTime: '02:30:00' },
      { id: 3, room: { id: 3 }, startDate: '2026-03-29', startTime: '09:00:00', endTime: '10:00:00' },
    ];
    const instants = [Date.UTC(2026, 2, 29, 0, 45), Date.UTC(2026, 2, 29, 1, 15), Date.UTC(2026, 2, 29, 8, 30)];
    const without = instants.map((now) => [...liveByRoom(lectures, now, 'Europe/Berlin').keys()]);
    rememberOffsetSpan(offsetSpanAt(Date.UTC(2026, 2, 20), 'Europe/Berlin', 20 * DAY));
    rememberOffsetSpan(offsetSpanAt(Date.UTC(2026, 2, 30), 'Europe/Berlin', 20 * DAY));
    expect(instants.map((now) => [...liveByRoom(lectures, now, 'Europe/Berlin').keys()])).toEqual(without);
  });
});

describe("the span's text in the page", () => {
  const span: OffsetSpan = { timeZone: 'America/Sao_Paulo', offset: -10_800_000, from: 1_550_372_400_000, until: 1_800_000_000_000 };

  it('goes there and back', () => {
    expect(formatOffsetSpan(span)).toBe('America/Sao_Paulo -10800000 1550372400000 1800000000000');
    expect(parseOffsetSpan(formatOffsetSpan(span))).toEqual(span);
    expect(parseOffsetSpan('  Etc/GMT+3 -10800000 0 1 ')).toEqual({ timeZone: 'Etc/GMT+3', offset: -10_800_000, from: 0, until: 1 });
  });

  it('is null for anything else, and a span that is not one is never remembered', () => {
    for (const text of [
      null,
      undefined,
      '',
      'America/Sao_Paulo',
      'America/Sao_Paulo -10800000 1 2 3',
      'America/Sao_Paulo -3h 1 2',
      'America/Sao_Paulo 1.5 1 2',
      'America/Sao_Paulo -10800000 5 5',
      'America/Sao_Paulo -10800000 9 2',
      'America/Sao_Paulo 90000000 1 2',
      'America/Sao_Paulo -10800500 1 2',
      '<script> 0 1 2',
      'America/Sao_Paulo 0 1 99999999999999999',
    ])
      expect(parseOffsetSpan(text), String(text)).toBeNull();
    rememberOffsetSpan({ ...span, offset: 90_000_000 });
    rememberOffsetSpan({ ...span, from: span.until });
    rememberOffsetSpan({ ...span, offset: Number.NaN });
    expect(wallClock(Date.UTC(2026, 0, 1, 12), 'America/Sao_Paulo')).toEqual(intlClock(Date.UTC(2026, 0, 1, 12), 'America/Sao_Paulo'));
  });
});
