import { offsetSpanAt, wallClock } from '@plataforma/adapter';

const DAY = 86_400_000;
/** How far before the first and after the last instant a VTIMEZONE describes its zone. */
const MARGIN = 31 * DAY;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** An offset in milliseconds as RFC 5545's UTC-OFFSET: '-0300', '+0530'. */
const utcOffset = (offset: number): string => {
  const minutes = Math.round(Math.abs(offset) / 60_000);
  return `${offset < 0 ? '-' : '+'}${pad(Math.floor(minutes / 60))}${pad(minutes % 60)}`;
};

/** A UTC instant as the local DATE-TIME of an offset ('20261126T140000'). */
const localStamp = (instant: number, offset: number): string => {
  const d = new Date(instant + offset);
  return (
    `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}` +
    `T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`
  );
};

interface Span {
  offset: number;
  from: number;
}

/** The zone's offsets between two instants: the one in force at `from`, then each change before `until`. */
const spansOf = (timeZone: string, from: number, until: number): Span[] => {
  const first = offsetSpanAt(from, timeZone);
  const spans: Span[] = [{ offset: first.offset, from }];
  let next = first.until;
  // A zone changes offset at most a few times a year: the bound only guards a loop.
  for (let guard = 0; next < until && guard < 1000; guard += 1) {
    const span = offsetSpanAt(next, timeZone);
    // A span cut at the search's reach goes on with the same offset: no change to write.
    if (span.offset !== spans[spans.length - 1].offset) spans.push({ offset: span.offset, from: span.from });
    next = Math.max(span.until, next + 1000);
  }
  return spans;
};

/**
 * The VTIMEZONE of a zone over the instants a calendar holds (RFC 5545 §3.6.5), from the
 * platform's own zone data (Intl, the same the product reckons lectures with): one observance
 * for the offset in force a month before the first instant, then one per change of offset until a
 * month after the last, each at its own DTSTART (no RRULE: a rule would claim the future follows
 * the past). The offset above the zone's lowest in that stretch is DAYLIGHT, the others STANDARD.
 *
 * Not `@touch4it/ical-timezones`: its zones are tzdata 2018g, where America/Sao_Paulo still
 * moves to -02:00 every November (Brazil ended daylight time in 2019), so an Outlook-like client
 * that reads the VTIMEZONE would show a Brazilian lecture an hour late (decision 108).
 */
export const vtimezone = (timeZone: string, instants: readonly number[]): string => {
  const first = Math.min(...instants) - MARGIN;
  const last = Math.max(...instants) + MARGIN;
  const spans = spansOf(timeZone, first, last);
  const lowest = Math.min(...spans.map((span) => span.offset));
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`, `X-LIC-LOCATION:${timeZone}`];
  spans.forEach((span, i) => {
    const before = i === 0 ? span.offset : spans[i - 1].offset;
    const kind = span.offset > lowest ? 'DAYLIGHT' : 'STANDARD';
    const name = utcOffset(span.offset);
    lines.push(
      `BEGIN:${kind}`,
      // The observance's onset in the local time in force before it (§3.8.2.4 with TZOFFSETFROM).
      `DTSTART:${localStamp(span.from, before)}`,
      `TZOFFSETFROM:${utcOffset(before)}`,
      `TZOFFSETTO:${name}`,
      `TZNAME:${name.slice(0, 3)}${name.slice(3) === '00' ? '' : name.slice(3)}`,
      `END:${kind}`,
    );
  });
  lines.push('END:VTIMEZONE');
  return lines.join('\r\n');
};

/** Whether the platform knows a zone (an event's zone is checked when saved; this guards the old rows). */
export const knownZone = (timeZone: string): boolean => {
  try {
    wallClock(0, timeZone);
    return true;
  } catch {
    return false;
  }
};
