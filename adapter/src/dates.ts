import dayjs from 'dayjs';
import { DEFAULT_TIME_ZONE, wallClock } from './zones';

/**
 * Dates the product shows, formatted with dayjs (the design's date library). This module uses
 * dayjs's core only, so a screen that shows a date pays for nothing else; a zone's wall clock comes
 * from `zones.ts` (the platform's Intl), schedules live in `schedule.ts`, month names and "há 3 minutos" in `dates-i18n.ts`.
 */

/** SPEC §9: the display format of a moment (tables, logs). */
export const DATE_TIME_FORMAT = 'DD-MM-YYYY HH:mm';
/** SPEC §9: a lecture's (and an event's) date. */
export const DATE_FORMAT = 'DD/MM/YYYY';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** 'DD/MM/YYYY' from 'YYYY-MM-DD' (SPEC §9 lecture date); anything else that is not a date gives ''. */
export const formatLectureDate = (date: string): string => {
  if (!ISO_DATE.test(date)) return '';
  const parsed = dayjs(date);
  return parsed.isValid() && parsed.format('YYYY-MM-DD') === date ? parsed.format(DATE_FORMAT) : '';
};

const CLOCK_TIME = /^\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/** 'HH:mm' of a wall-clock time as the wire sends it ('08:00:00' → '08:00'; a lecture's or an event's hours); '' when it is not one. */
export const formatClockTime = (time: string | null | undefined): string => {
  if (!time || !CLOCK_TIME.test(time)) return '';
  const parsed = dayjs(`2000-01-01T${time}`);
  const hhmm = parsed.isValid() ? parsed.format('HH:mm') : '';
  return hhmm === time.slice(0, 5) ? hhmm : '';
};

const pad = (value: number) => String(value).padStart(2, '0');

/** The instant of a moment (an ISO string, epoch milliseconds or a Date); null when it is not one. */
const instantOf = (value: string | number | Date | null | undefined): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.valueOf() : null;
};

/**
 * 'DD-MM-YYYY HH:mm' of a moment (an ISO string, epoch milliseconds or a Date) in a time zone;
 * '' when it is not one. One rule for every screen and export (issue 16): the event's zone where
 * the moment belongs to an event, the product's (America/Sao_Paulo) otherwise, never the
 * reader's machine, so an admin abroad and the log agree.
 */
export const formatDateTime = (value: string | number | Date | null | undefined, timeZone: string = DEFAULT_TIME_ZONE): string => {
  const instant = instantOf(value);
  if (instant === null) return '';
  const w = wallClock(instant, timeZone);
  return `${pad(w.day)}-${pad(w.month)}-${w.year} ${pad(w.hour)}:${pad(w.minute)}`;
};

/** 'HH:mm' of a moment in a time zone (the same rule as formatDateTime); '' when it is not one. */
export const formatTimeOfDay = (value: string | number | Date | null | undefined, timeZone: string = DEFAULT_TIME_ZONE): string => {
  const instant = instantOf(value);
  if (instant === null) return '';
  const w = wallClock(instant, timeZone);
  return `${pad(w.hour)}:${pad(w.minute)}`;
};

/** The days from one 'YYYY-MM-DD' to another, both included (at most `limit`). */
export const daysBetween = (first: string, last: string, limit = 366): string[] => {
  const days: string[] = [];
  const end = dayjs(last);
  if (!ISO_DATE.test(first) || !end.isValid()) return days;
  for (let day = dayjs(first); day.isValid() && !day.isAfter(end, 'day') && days.length < limit; day = day.add(1, 'day')) {
    days.push(day.format('YYYY-MM-DD'));
  }
  return days;
};
