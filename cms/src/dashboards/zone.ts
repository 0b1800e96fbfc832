import { ApiError, DASHBOARD_MAX_DAYS, wallClock } from '@plataforma/adapter';

/**
 * A dashboard's range in an event's zone (decision 048): the instants of its first day's
 * midnight and of the midnight after its last day, and the zone's offsets between them, so the
 * database can put each row in its local day and hour with integer arithmetic on both engines
 * (SQLite has no time zones): a CASE over the few instants where the offset changes.
 */
export interface ZonedRange {
  from: string;
  to: string;
  timeZone: string;
  /** The first day's midnight in the zone (ms). */
  start: number;
  /** The midnight after the last day (ms), excluded. */
  end: number;
  /** Constant-offset pieces: from `since` (ms) on, local = UTC + `offset` seconds. */
  offsets: Array<{ since: number; offset: number }>;
}

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** The zone's offset from UTC at an instant, in seconds. */
export const offsetAt = (instant: number, timeZone: string): number => {
  const w = wallClock(instant, timeZone);
  const local = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((local - Math.floor(instant / 1000) * 1000) / 1000);
};

/** The instant of a day's midnight in the zone. */
export const midnightOf = (day: string, timeZone: string): number => {
  const guess = Date.parse(`${day}T00:00:00.000Z`);
  const first = guess - offsetAt(guess, timeZone) * 1000;
  return guess - offsetAt(first, timeZone) * 1000;
};

/** The day 'YYYY-MM-DD' of a local epoch day number (local seconds / 86 400). */
export const dayOfNumber = (localDay: number): string => new Date(localDay * DAY).toISOString().slice(0, 10);

/** The day `days` after a 'YYYY-MM-DD'. */
export const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY).toISOString().slice(0, 10);

/** Today in the zone. */
export const todayIn = (timeZone: string, now = Date.now()): string => {
  const w = wallClock(now, timeZone);
  return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
};

/** The offsets between two instants: hour by hour, each change found to the minute. */
const offsetsBetween = (start: number, end: number, timeZone: string): ZonedRange['offsets'] => {
  const pieces = [{ since: start, offset: offsetAt(start, timeZone) }];
  for (let at = start + HOUR; at < end + HOUR; at += HOUR) {
    const offset = offsetAt(at, timeZone);
    if (offset === pieces[pieces.length - 1].offset) continue;
    let [low, high] = [at - HOUR, at];
    while (high - low > 60_000) {
      const middle = low + Math.floor((high - low) / 120_000) * 60_000;
      if (offsetAt(middle, timeZone) === offset) high = middle;
      else low = middle;
    }
    pieces.push({ since: high, offset });
  }
  return pieces;
};

/** The days of a range, both included. */
export const daysOf = (range: Pick<ZonedRange, 'from' | 'to'>): string[] => {
  const days: string[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) days.push(day);
  return days;
};

/** A range from the query (`from`, `to`), or the defaults; more than DASHBOARD_MAX_DAYS days is 400. */
export const zonedRange = (from: string, to: string, timeZone: string): ZonedRange => {
  if (from > to || (Date.parse(to) - Date.parse(from)) / DAY + 1 > DASHBOARD_MAX_DAYS) throw new ApiError(400, 'api.error.invalidQuery');
  const start = midnightOf(from, timeZone);
  const end = midnightOf(addDays(to, 1), timeZone);
  return { from, to, timeZone, start, end, offsets: offsetsBetween(start, end, timeZone) };
};

/** Whether a zone is one the platform's Intl knows. */
export const knownZone = (timeZone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
};
