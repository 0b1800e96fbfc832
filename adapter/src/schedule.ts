import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { DEFAULT_TIME_ZONE, wallClock } from './zones';

export { formatLectureDate } from './dates';
export {
  DEFAULT_TIME_ZONE,
  formatOffsetSpan,
  offsetSpanAt,
  parseOffsetSpan,
  rememberOffsetSpan,
  wallClock,
  type OffsetSpan,
} from './zones';

/**
 * Lecture schedule math in the event's time zone (America/Sao_Paulo by default), whatever the
 * visitor's machine says: dayjs (utc) for dates, the platform's Intl for zones. Lectures carry a local date
 * and local times.
 */

let ready = false;
/** dayjs with the utc plugin, extended on first use (so a bundle that never computes a schedule carries none of it). */
const zoned = () => {
  if (!ready) {
    dayjs.extend(utc);
    ready = true;
  }
  return dayjs;
};

/** The zone's offset from UTC at an instant, in milliseconds (whole seconds, as zones are). */
const offsetAt = (instant: number, timeZone: string): number => {
  const w = wallClock(instant, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(instant / 1000) * 1000;
};

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/**
 * The instant a local date and time of a zone names (Temporal's "compatible" rule): in a
 * fall-back overlap the earlier of the two; in a spring-forward gap the time moves forward
 * by the length of the gap. (dayjs.tz alone picks by today's offset, which makes an overlap's
 * answer depend on the day it runs: the candidates are checked here instead.)
 */
export const zonedInstant = (date: string, time: string, timeZone = DEFAULT_TIME_ZONE): number => {
  const key = `${date} ${time} ${timeZone}`;
  let instant = instants.get(key);
  if (instant === undefined) {
    instant = computeZonedInstant(date, time, timeZone);
    // A programme has a few hundred distinct starts and ends; a long-lived tab is kept bounded.
    if (instants.size >= 10_000) instants.clear();
    instants.set(key, instant);
  }
  return instant;
};

/** zonedInstant's answers by date, time and zone: the halls recompute 'AO VIVO' every 30 s over the same programme. */
const instants = new Map<string, number>();

const computeZonedInstant = (date: string, time: string, timeZone: string): number => {
  const [hour = '00', minute = '00', second = '00'] = time.split(':').map((part) => part.slice(0, 2).padStart(2, '0'));
  const asUtc = zoned().utc(`${date}T${hour}:${minute}:${second}`).valueOf();
  const target = zoned().utc(asUtc);
  const offsets = new Set([offsetAt(asUtc - 86_400_000, timeZone), offsetAt(asUtc, timeZone), offsetAt(asUtc + 86_400_000, timeZone)]);
  const matches = [...offsets]
    .map((offset) => asUtc - offset)
    .filter((instant) => {
      const w = wallClock(instant, timeZone);
      return (
        w.year === target.year() &&
        w.month === target.month() + 1 &&
        w.day === target.date() &&
        w.hour === target.hour() &&
        w.minute === target.minute()
      );
    })
    .sort((a, b) => a - b);
  if (matches.length > 0) return matches[0];
  // A wall-clock time that does not exist: use the offset in force before the gap.
  return asUtc - offsetAt(asUtc - 86_400_000, timeZone);
};

/** 'YYYY-MM-DD' of an instant in a zone. */
export const dateInZone = (instant: number, timeZone = DEFAULT_TIME_ZONE): string => {
  const w = wallClock(instant, timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
};

/** 'HH:mm' of an instant in a zone. */
export const timeInZone = (instant: number, timeZone = DEFAULT_TIME_ZONE): string => {
  const w = wallClock(instant, timeZone);
  return `${pad(w.hour)}:${pad(w.minute)}`;
};

/** The day after a 'YYYY-MM-DD'. */
export const nextDay = (date: string): string => zoned().utc(date).add(1, 'day').format('YYYY-MM-DD');

/** The day before a 'YYYY-MM-DD'. */
export const previousDay = (date: string): string => zoned().utc(date).subtract(1, 'day').format('YYYY-MM-DD');

export interface Timed {
  startDate: string;
  startTime: string;
  endTime: string;
}

/** Start and end instants; a lecture whose end time is before its start ends the next day. */
export const lectureSpan = (lecture: Timed, timeZone = DEFAULT_TIME_ZONE): { start: number; end: number } => {
  const start = zonedInstant(lecture.startDate, lecture.startTime, timeZone);
  let end = zonedInstant(lecture.startDate, lecture.endTime, timeZone);
  if (end <= start) end = zonedInstant(nextDay(lecture.startDate), lecture.endTime, timeZone);
  return { start, end };
};

const DAY = 86_400_000;

/**
 * Whether a lecture is over at `now` whatever its zone, without reckoning the zone: it ends at the
 * latest the day after its date, and no zone is more than 18 hours from UTC (nor skips more than a
 * day), so four days after its date's midnight read as UTC it is over. The programme's past days are then never reckoned
 * (on Intl, or outside the page's zone span: decision 062). A date that does not parse is not.
 */
const surelyOver = (lecture: Timed, now: number): boolean => {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(lecture.startDate);
  return match !== null && Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) + 4 * DAY <= now;
};

/**
 * SPEC §2.4: the current lecture starts at or before now and ends after now; the next is
 * the first that starts later.
 */
export const currentAndNext = <T extends Timed>(
  lectures: readonly T[],
  now: number,
  timeZone = DEFAULT_TIME_ZONE,
): { current: T | null; next: T | null } => {
  // A lecture over is neither current nor next.
  const spans = lectures
    .filter((lecture) => !surelyOver(lecture, now))
    .map((lecture) => ({ lecture, ...lectureSpan(lecture, timeZone) }))
    .sort((a, b) => a.start - b.start);
  const current = spans.find((s) => s.start <= now && now < s.end)?.lecture ?? null;
  const next = spans.find((s) => s.start > now)?.lecture ?? null;
  return { current, next };
};

/** How soon a room's next lecture must start to be announced as 'Em breve' (minutes). */
export const SOON_MINUTES = 60;

export type LiveState = 'live' | 'soon';

/**
 * The programme's marks at an instant, room by room as the lecture screen reckons them
 * (`currentAndNext`): the lecture on now in each room is 'live'; the room's next lecture is
 * 'soon' when it starts within SOON_MINUTES. Lectures without a room are never marked.
 */
export const liveStates = <T extends Timed & { id: number; room: { id: number } | null }>(
  lectures: readonly T[],
  now: number,
  timeZone = DEFAULT_TIME_ZONE,
): Map<number, LiveState> => {
  const byRoom = new Map<number, T[]>();
  for (const lecture of lectures) {
    if (!lecture.room) continue;
    const list = byRoom.get(lecture.room.id) ?? [];
    list.push(lecture);
    byRoom.set(lecture.room.id, list);
  }
  const states = new Map<number, LiveState>();
  for (const list of byRoom.values()) {
    const { current, next } = currentAndNext(list, now, timeZone);
    if (current) states.set(current.id, 'live');
    if (next && lectureSpan(next, timeZone).start - now <= SOON_MINUTES * 60_000) states.set(next.id, 'soon');
  }
  return states;
};

/** The lectures on now in each room, in room order of the list given (the doors' and the entrance's 'AO VIVO'). */
export const liveByRoom = <T extends Timed & { id: number; room: { id: number } | null }>(
  lectures: readonly T[],
  now: number,
  timeZone = DEFAULT_TIME_ZONE,
): Map<number, T> => {
  const states = liveStates(lectures, now, timeZone);
  const live = new Map<number, T>();
  for (const lecture of lectures) if (lecture.room && states.get(lecture.id) === 'live') live.set(lecture.room.id, lecture);
  return live;
};

/** How long before a starred lecture starts the venue announces it (minutes). */
export const AGENDA_NOTICE_MINUTES = 5;

/**
 * The starred lecture the venue announces at an instant ('Começa em 5 minutos'): of the starred
 * ones not dismissed, with a room (something to watch), the one that starts soonest within
 * AGENDA_NOTICE_MINUTES — or null. A lecture that has started is the programme's 'Ao vivo', no
 * longer an announcement.
 */
export const dueStarredLecture = <T extends Timed & { id: number; room: { id: number } | null }>(
  lectures: readonly T[],
  starred: ReadonlySet<number>,
  dismissed: ReadonlySet<number>,
  now: number,
  timeZone = DEFAULT_TIME_ZONE,
): T | null => {
  let due: { lecture: T; start: number } | null = null;
  for (const lecture of lectures) {
    if (!lecture.room || !starred.has(lecture.id) || dismissed.has(lecture.id) || surelyOver(lecture, now)) continue;
    const { start } = lectureSpan(lecture, timeZone);
    if (start <= now || start - now > AGENDA_NOTICE_MINUTES * 60_000) continue;
    if (!due || start < due.start) due = { lecture, start };
  }
  return due?.lecture ?? null;
};
