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

/** The wall clock of a time zone at an instant. */
export const wallClock = (instant: number, timeZone = DEFAULT_TIME_ZONE): WallClock => {
  const clock: WallClock = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of formatOf(timeZone).formatToParts(instant)) {
    if (part.type in clock) clock[part.type as keyof WallClock] = Number(part.value);
  }
  clock.hour %= 24; // an engine that still says 24 for midnight
  return clock;
};
