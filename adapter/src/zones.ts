/**
 * A time zone's wall clock at an instant, on the platform's Intl (no library): the one place
 * the product turns an instant into a zone's date and time. Schedules (`schedule.ts`) and the
 * display of moments (`dates.ts`) both read it.
 */

/** The product's zone: where a date belongs to no event (SPEC §9 is Brazil's). */
export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * One formatter per zone, made once: the zone's wall clock at an instant is one native
 * `formatToParts` call. (dayjs.tz did the same work with several of them per call: a programme
 * of 100 lectures cost the entrance ~0.4 s of a phone's main thread on its first paint.)
 */
const formats = new Map<string, Intl.DateTimeFormat>();
const formatOf = (timeZone: string): Intl.DateTimeFormat => {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, format);
  }
  return format;
};

/**
 * A stretch of time over which a zone's offset from UTC does not change: `offset` (milliseconds,
 * wall clock minus UTC) holds for every instant in [from, until). The server reckons the one around
 * now for the event's zone and writes it into the venue's page (`formatOffsetSpan`), so the page's
 * first reckoning of 'AO VIVO' needs no Intl: the first `Intl.DateTimeFormat` a page makes loads
 * the engine's locale and zone data, ~30–50 ms of a fast machine's main thread, four times that on
 * a phone (decision 062).
 */
export interface OffsetSpan {
  timeZone: string;
  offset: number;
  from: number;
  until: number;
}

/** The spans remembered, by zone; a few at most (the page's, then whatever a test adds). */
const spans = new Map<string, OffsetSpan[]>();
const MAX_SPANS_PER_ZONE = 4;
/** No zone is more than 18 hours from UTC (ECMA-262's offset range, ISO 8601's). */
const MAX_OFFSET = 18 * 3_600_000;

const validSpan = (span: OffsetSpan): boolean =>
  typeof span.timeZone === 'string' &&
  /^[A-Za-z0-9_+\-/]{1,64}$/.test(span.timeZone) &&
  [span.offset, span.from, span.until].every(Number.isSafeInteger) &&
  Math.abs(span.offset) <= MAX_OFFSET &&
  span.offset % 1000 === 0 &&
  span.from < span.until;

/** Takes a span as true from now on (invalid ones are ignored); the oldest of a zone's goes beyond four. */
export const rememberOffsetSpan = (span: OffsetSpan): void => {
  if (!validSpan(span)) return;
  const list = (spans.get(span.timeZone) ?? []).filter((known) => known.from !== span.from || known.until !== span.until);
  list.push({ ...span });
  if (list.length > MAX_SPANS_PER_ZONE) list.shift();
  spans.set(span.timeZone, list);
};

/** Forgets every span (tests). */
export const forgetOffsetSpans = (): void => spans.clear();

const knownOffset = (instant: number, timeZone: string): number | undefined => {
  const list = spans.get(timeZone);
  if (!list) return undefined;
  for (const span of list) if (span.from <= instant && instant < span.until) return span.offset;
  return undefined;
};

/** The wall clock of a time zone at an instant. */
export const wallClock = (instant: number, timeZone = DEFAULT_TIME_ZONE): WallClock => {
  const offset = knownOffset(instant, timeZone);
  if (offset !== undefined) {
    // Whole seconds, as formatToParts gives them.
    const shifted = new Date(Math.floor(instant / 1000) * 1000 + offset);
    return {
      year: shifted.getUTCFullYear(),
      month: shifted.getUTCMonth() + 1,
      day: shifted.getUTCDate(),
      hour: shifted.getUTCHours(),
      minute: shifted.getUTCMinutes(),
      second: shifted.getUTCSeconds(),
    };
  }
  return intlWallClock(instant, timeZone);
};

/** The wall clock on Intl, never a remembered span. */
const intlWallClock = (instant: number, timeZone: string): WallClock => {
  const clock: WallClock = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of formatOf(timeZone).formatToParts(instant)) {
    if (part.type in clock) clock[part.type as keyof WallClock] = Number(part.value);
  }
  clock.hour %= 24; // an engine that still says 24 for midnight
  return clock;
};

/** The zone's offset from UTC at an instant, on Intl (never a remembered span): what spans are made of. */
const measuredOffset = (instant: number, timeZone: string): number => {
  const seconds = Math.floor(instant / 1000) * 1000;
  const clock = intlWallClock(seconds, timeZone);
  return Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second) - seconds;
};

const DAY = 86_400_000;

/**
 * The span around `instant` over which the zone's offset holds, looked for up to `reach` either
 * side (the span is cut there when no change comes sooner). Walks a day at a time, then narrows
 * the change down to the second (zones change offset on whole seconds, and never twice a day).
 * On Intl: the server's work. A zone Intl does not know throws its RangeError.
 */
export const offsetSpanAt = (instant: number, timeZone: string, reach = 400 * DAY): OffsetSpan => {
  const at = Math.floor(instant / 1000) * 1000;
  const offset = measuredOffset(at, timeZone);
  const same = (t: number) => measuredOffset(t, timeZone) === offset;
  /** The first second of (inside, outside] whose offset differs, given `inside` has it and `outside` does not. */
  const edge = (inside: number, outside: number): number => {
    // Invariant: `inside` has the offset, `outside` does not; they close in on the change.
    while (Math.abs(outside - inside) > 1000) {
      const middle = inside + Math.trunc((outside - inside) / 2000) * 1000;
      if (same(middle)) inside = middle;
      else outside = middle;
    }
    return outside;
  };
  let from = at - reach;
  for (let t = at - DAY; t > at - reach - DAY; t -= DAY) {
    const probe = Math.max(t, at - reach);
    if (!same(probe)) {
      from = edge(Math.min(probe + DAY, at), probe) + 1000;
      break;
    }
    if (probe === at - reach) break;
  }
  let until = at + reach;
  for (let t = at + DAY; t < at + reach + DAY; t += DAY) {
    const probe = Math.min(t, at + reach);
    if (!same(probe)) {
      until = edge(Math.max(probe - DAY, at), probe);
      break;
    }
    if (probe === at + reach) break;
  }
  return { timeZone, offset, from, until };
};

/** A span as the venue's page carries it (`<meta name="plataforma-zone">`): zone, offset, from, until. */
export const formatOffsetSpan = (span: OffsetSpan): string => `${span.timeZone} ${span.offset} ${span.from} ${span.until}`;

/** `formatOffsetSpan`'s text back into a span; null for anything else. */
export const parseOffsetSpan = (text: string | null | undefined): OffsetSpan | null => {
  const parts = (text ?? '').trim().split(/\s+/);
  if (parts.length !== 4) return null;
  const [timeZone, ...numbers] = parts;
  if (!numbers.every((part) => /^-?\d{1,16}$/.test(part))) return null;
  const [offset, from, until] = numbers.map(Number);
  const span = { timeZone, offset, from, until };
  return validSpan(span) ? span : null;
};
