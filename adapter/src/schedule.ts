/**
 * Lecture schedule math in the event's time zone (America/Sao_Paulo by default),
 * whatever the visitor's machine says. Lectures carry a local date and local times.
 */
export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';

const formatters = new Map<string, Intl.DateTimeFormat>();
const partsFormatter = (timeZone: string): Intl.DateTimeFormat => {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
};

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall clock of a time zone at an instant. */
export const wallClock = (instant: number, timeZone = DEFAULT_TIME_ZONE): WallClock => {
  const parts = Object.fromEntries(
    partsFormatter(timeZone)
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
};

const offsetAt = (instant: number, timeZone: string): number => {
  const w = wallClock(instant, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(instant / 1000) * 1000;
};

/**
 * The instant a local date and time of a zone names (Temporal's "compatible" rule): in a
 * fall-back overlap the earlier of the two; in a spring-forward gap the time moves forward
 * by the length of the gap.
 */
export const zonedInstant = (date: string, time: string, timeZone = DEFAULT_TIME_ZONE): number => {
  const [year, month, day] = date.split('-').map(Number);
  const [hour = 0, minute = 0, second = 0] = time.split(':').map((part) => Number(part.slice(0, 2)));
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  const offsets = new Set([offsetAt(asUtc - 86_400_000, timeZone), offsetAt(asUtc, timeZone), offsetAt(asUtc + 86_400_000, timeZone)]);
  const matches = [...offsets]
    .map((offset) => asUtc - offset)
    .filter((instant) => {
      const w = wallClock(instant, timeZone);
      return w.year === year && w.month === month && w.day === day && w.hour === hour && w.minute === minute;
    })
    .sort((a, b) => a - b);
  if (matches.length > 0) return matches[0];
  // A wall-clock time that does not exist: use the offset in force before the gap.
  return asUtc - offsetAt(asUtc - 86_400_000, timeZone);
};

/** 'YYYY-MM-DD' of an instant in a zone. */
export const dateInZone = (instant: number, timeZone = DEFAULT_TIME_ZONE): string => {
  const w = wallClock(instant, timeZone);
  return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
};

/** 'HH:mm' of an instant in a zone. */
export const timeInZone = (instant: number, timeZone = DEFAULT_TIME_ZONE): string => {
  const w = wallClock(instant, timeZone);
  return `${String(w.hour).padStart(2, '0')}:${String(w.minute).padStart(2, '0')}`;
};

/** 'DD/MM/YYYY' from 'YYYY-MM-DD' (SPEC §9 lecture date). */
export const formatLectureDate = (date: string): string => {
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
};

export interface Timed {
  startDate: string;
  startTime: string;
  endTime: string;
}

/** Start and end instants; a lecture whose end time is before its start ends the next day. */
export const lectureSpan = (lecture: Timed, timeZone = DEFAULT_TIME_ZONE): { start: number; end: number } => {
  const start = zonedInstant(lecture.startDate, lecture.startTime, timeZone);
  let end = zonedInstant(lecture.startDate, lecture.endTime, timeZone);
  if (end <= start) {
    const [year, month, day] = lecture.startDate.split('-').map(Number);
    const next = new Date(Date.UTC(year, month - 1, day) + 86_400_000);
    end = zonedInstant(next.toISOString().slice(0, 10), lecture.endTime, timeZone);
  }
  return { start, end };
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
  const spans = lectures.map((lecture) => ({ lecture, ...lectureSpan(lecture, timeZone) })).sort((a, b) => a.start - b.start);
  const current = spans.find((s) => s.start <= now && now < s.end)?.lecture ?? null;
  const next = spans.find((s) => s.start > now)?.lecture ?? null;
  return { current, next };
};
