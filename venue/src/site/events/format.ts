import type { CmsLecture, Event } from '@plataforma/adapter';

/** The day (YYYY-MM-DD) it is in a zone at an instant, with the browser's own Intl (no date library in the chunk). */
export const dayIn = (timeZone: string, at: Date = new Date()): string => {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
  } catch {
    return at.toISOString().slice(0, 10);
  }
};

/** 'HH:mm:ss' → 'HH:mm'. */
export const hourOf = (time: string): string => time.slice(0, 5);

export interface ProgrammeRoom {
  id: number;
  name: string;
  lectures: CmsLecture[];
}

export interface ProgrammeDay {
  date: string;
  rooms: ProgrammeRoom[];
}

/**
 * The event page's programme: the lectures by day, each day by room (rooms in the order of their
 * first lecture of the day), each room's lectures by start hour. Lectures without a room are left out.
 */
export const programmeOf = (lectures: readonly CmsLecture[]): ProgrammeDay[] => {
  const sorted = [...lectures].sort(
    (a, b) => a.startDate.localeCompare(b.startDate) || a.startTime.localeCompare(b.startTime) || a.id - b.id,
  );
  const days: ProgrammeDay[] = [];
  for (const lecture of sorted) {
    if (!lecture.room) continue;
    let day = days[days.length - 1];
    if (!day || day.date !== lecture.startDate) {
      day = { date: lecture.startDate, rooms: [] };
      days.push(day);
    }
    let room = day.rooms.find((r) => r.id === lecture.room?.id);
    if (!room) {
      room = { id: lecture.room.id, name: lecture.room.name, lectures: [] };
      day.rooms.push(room);
    }
    room.lectures.push(lecture);
  }
  return days;
};

/** The catalogue's date filter as the address says it (pt-BR) and as the API takes it. */
export const WHEN_PARAM = { proximos: 'upcoming', encerrados: 'past' } as const;
export type WhenParam = keyof typeof WHEN_PARAM | 'todos';

/** The list order that suits each filter: upcoming soonest first, past and all newest first. */
export const orderFor = (when: WhenParam) => ({
  field: 'startDate' as const,
  direction: when === 'proximos' ? ('asc' as const) : ('desc' as const),
});

/** The event page's address: '/eventos/1-congresso-brasileiro' (the id leads, as every slug of the product). */
export const eventPagePath = (event: Pick<Event, 'id' | 'slug'>): string =>
  `/eventos/${event.slug && event.slug.startsWith(`${event.id}-`) ? event.slug : event.id}`;

/** The venue's entrance of an event. */
export const venuePath = (event: Pick<Event, 'id' | 'slug'>): string =>
  `/plataforma/${event.slug && event.slug.startsWith(`${event.id}-`) ? event.slug : event.id}/hall-entrada`;
