import type { Core } from '@strapi/strapi';
import {
  DEFAULT_TIME_ZONE,
  EVENT_PAGE,
  eventSlugOf,
  fillPath,
  lecturePagePath,
  lectureSpan,
  slugify,
  wallClock,
  zonedInstant,
  type Language,
} from '@plataforma/adapter';
import { ICalCalendar, type ICalDayJsStub } from 'ical-generator';
import { siteBase } from '../email/confirmation';
import { translator } from '../email/texts';
import { dateOnly, timeOnly } from '../lib/wire';
import { knownZone, vtimezone } from './vtimezone';

const LECTURE_UID = 'api::lecture.lecture';
const EVENT_UID = 'api::event.event';

/** One VEVENT: its instants, the zone its times are written in, its texts and its last revision. */
export interface CalendarEntry {
  uid: string;
  start: number;
  end: number;
  timeZone: string;
  summary: string;
  description: string;
  location: string;
  url: string;
  updatedAt: Date;
}

type Stamp = string | Date;

interface EventRow {
  id: number;
  name: string;
  slug: string | null;
  description: string | null;
  timezone: string | null;
  published: boolean | number | null;
  startDate: Stamp;
  startTime: string;
  endDate: Stamp | null;
  endTime: string | null;
  updatedAt: Stamp;
}

interface LectureRow {
  id: number;
  name: string;
  startDate: Stamp;
  startTime: string;
  endTime: string;
  updatedAt: Stamp;
  room?: { id: number; name: string; updatedAt: Stamp; event?: EventRow | null } | null;
  speakers?: Array<{ name: string }> | null;
}

const EVENT_FIELDS = [
  'id',
  'name',
  'slug',
  'description',
  'timezone',
  'published',
  'startDate',
  'startTime',
  'endDate',
  'endTime',
  'updatedAt',
];
const LECTURE_QUERY = {
  select: ['id', 'name', 'startDate', 'startTime', 'endTime', 'updatedAt'],
  populate: {
    room: { select: ['id', 'name', 'updatedAt'], populate: { event: { select: EVENT_FIELDS } } },
    speakers: { select: ['name'], orderBy: [{ name: 'asc' as const }] },
  },
};

/** The zone an event's times are in: its own when the platform knows it, else the product's. */
const zoneOf = (event: { timezone: string | null } | null | undefined): string =>
  event?.timezone && knownZone(event.timezone) ? event.timezone : DEFAULT_TIME_ZONE;

/** The host that names the UIDs (RFC 5545 §3.8.4.7: a domain of the calendar's maker). */
const uidHost = (): string => {
  try {
    return new URL(siteBase()).hostname || 'plataforma';
  } catch {
    return 'plataforma';
  }
};

/** The latest of some revisions (a lecture changes with its room's name or its event's). */
const latest = (...stamps: Array<Stamp | null | undefined>): Date =>
  new Date(Math.max(...stamps.map((stamp) => (stamp ? new Date(stamp).getTime() : 0))));

/** A published event's lectures, or the given ones of published events, as calendar entries. */
const lectureEntry = (row: LectureRow, t: ReturnType<typeof translator>): CalendarEntry | null => {
  const event = row.room?.event;
  if (!row.room || !event) return null;
  const timeZone = zoneOf(event);
  const startDate = dateOnly(row.startDate);
  const startTime = timeOnly(row.startTime);
  const endTime = timeOnly(row.endTime);
  if (!startDate || !startTime || !endTime) return null;
  const { start, end } = lectureSpan({ startDate, startTime, endTime }, timeZone);
  const url = `${siteBase()}${lecturePagePath(eventSlugOf(event), { id: row.id, roomId: row.room.id })}`;
  const speakers = (row.speakers ?? []).map((speaker) => speaker.name);
  const location = t('email.calendar.location', { room: row.room.name, event: event.name });
  return {
    uid: `lecture-${row.id}@${uidHost()}`,
    start,
    end,
    timeZone,
    summary: row.name,
    description: [
      speakers.length ? t('email.calendar.speakers', { names: speakers.join(', ') }) : null,
      location,
      t('email.calendar.watch', { url }),
    ]
      .filter(Boolean)
      .join('\n'),
    location,
    url,
    updatedAt: latest(row.updatedAt, row.room.updatedAt, event.updatedAt),
  };
};

/** The lectures `where` picks, of published events only, as calendar entries in time order. */
export const lectureEntries = async (strapi: Core.Strapi, where: Record<string, unknown>, language: Language): Promise<CalendarEntry[]> => {
  const rows = (await strapi.db.query(LECTURE_UID).findMany({
    ...LECTURE_QUERY,
    where: { $and: [where, { room: { event: { published: true } } }] },
    orderBy: [{ startDate: 'asc' }, { startTime: 'asc' }, { id: 'asc' }],
  })) as LectureRow[];
  const t = translator(language);
  // In time order across zones (the rows come by wall clock, which differs between zones).
  return rows
    .map((row) => lectureEntry(row, t))
    .filter((entry): entry is CalendarEntry => entry !== null)
    .sort((a, b) => a.start - b.start);
};

/** A published event as one calendar entry (its first day's start to its last day's end), or null. */
export const eventEntry = async (strapi: Core.Strapi, id: number, language: Language): Promise<CalendarEntry | null> => {
  const event = (await strapi.db.query(EVENT_UID).findOne({ where: { id, published: true }, select: EVENT_FIELDS })) as EventRow | null;
  const startDate = dateOnly(event?.startDate);
  const startTime = timeOnly(event?.startTime);
  if (!event || !startDate || !startTime) return null;
  const t = translator(language);
  const timeZone = zoneOf(event);
  const start = zonedInstant(startDate, startTime, timeZone);
  const endDate = dateOnly(event.endDate) ?? startDate;
  const endTime = timeOnly(event.endTime);
  // Without an end time the event lasts its days; an end before the start is a slip: an hour then.
  let end = endTime ? zonedInstant(endDate, endTime, timeZone) : zonedInstant(endDate, '23:59:00', timeZone);
  if (end <= start) end = start + 3_600_000;
  const url = `${siteBase()}${fillPath(EVENT_PAGE, { eventSlug: eventSlugOf(event) })}`;
  return {
    uid: `event-${event.id}@${uidHost()}`,
    start,
    end,
    timeZone,
    summary: event.name,
    description: [event.description?.trim() || null, t('email.calendar.eventLink', { url })].filter(Boolean).join('\n\n'),
    location: t('email.calendar.eventLocation', { event: event.name }),
    url,
    updatedAt: latest(event.updatedAt),
  };
};

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * An instant as ical-generator writes a time of a zone: the zone's wall clock (the platform's
 * Intl). Handed a native Date with a zone, ical-generator would read the server's own local clock.
 */
const inZone = (instant: number, timeZone: string): ICalDayJsStub => {
  const w = wallClock(instant, timeZone);
  const day = `${pad(w.year, 4)}${pad(w.month)}${pad(w.day)}`;
  const time = `${pad(w.hour)}${pad(w.minute)}${pad(w.second)}`;
  const stub: ICalDayJsStub = {
    format: (pattern?: string) => (pattern === 'YYYYMMDD' ? day : pattern === 'HHmmss' ? time : `${day}T${time}`),
    isValid: () => true,
    toDate: () => new Date(instant),
    toJSON: () => new Date(instant).toISOString(),
  };
  return stub;
};

/** Seconds since this epoch number a revision (SEQUENCE, RFC 5545 §3.8.7.4): it grows with each change. */
const SEQUENCE_EPOCH = Date.UTC(2024, 0, 1);

/**
 * An iCalendar object (RFC 5545) of some entries: each VEVENT with its stable UID, DTSTART and
 * DTEND with the TZID of its event's zone (and that zone's VTIMEZONE), SUMMARY, DESCRIPTION
 * (plain text), LOCATION and URL. DTSTAMP and LAST-MODIFIED are the entry's last revision and
 * SEQUENCE grows with it, so the same data gives the same bytes (an ETag that holds) and a
 * moved lecture replaces the copy a calendar imported (same UID, higher SEQUENCE).
 */
export const icsOf = (entries: readonly CalendarEntry[], options: { name?: string; description?: string } = {}): string => {
  const instants = new Map<string, number[]>();
  for (const entry of entries) instants.set(entry.timeZone, [...(instants.get(entry.timeZone) ?? []), entry.start, entry.end]);
  const calendar = new ICalCalendar({
    prodId: { company: 'Plataforma', product: 'Agenda', language: 'PT' },
    ...(options.name ? { name: options.name } : {}),
    ...(options.description ? { description: options.description } : {}),
    // No calendar-wide zone: DTSTAMP stays UTC; each event names its own, with its VTIMEZONE.
    timezone: { name: null, generator: (zone) => vtimezone(zone, instants.get(zone) ?? [Date.now()]) },
  });
  for (const entry of entries) {
    calendar.createEvent({
      id: entry.uid,
      sequence: Math.max(0, Math.floor((entry.updatedAt.getTime() - SEQUENCE_EPOCH) / 1000)),
      stamp: entry.updatedAt,
      lastModified: entry.updatedAt,
      start: inZone(entry.start, entry.timeZone),
      end: inZone(entry.end, entry.timeZone),
      timezone: entry.timeZone,
      summary: entry.summary,
      description: entry.description,
      location: entry.location,
      url: entry.url,
    });
  }
  return calendar.toString();
};

/** A file name for an entry's `.ics`: its summary in ASCII ('congresso-brasileiro-2026.ics'). */
export const icsFileName = (stem: string): string => `${slugify(stem).slice(0, 60).replace(/-+$/, '') || 'agenda'}.ics`;
