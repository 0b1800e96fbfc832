import type { CmsLecture } from '@plataforma/adapter';

/** The day (YYYY-MM-DD) it is in a zone at an instant, with the browser's own Intl (no date library in the chunk). */
export const dayIn = (timeZone: string, at: Date = new Date()): string => {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
  } catch {
    return at.toISOString().slice(0, 10);
  }
};

/** The wall clock in a zone at an instant: its day and 'HH:mm:ss', and the day before, with the browser's Intl. */
export const wallClockIn = (timeZone: string, at: Date = new Date()): { today: string; yesterday: string; time: string } => {
  let time: string;
  try {
    time = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(
      at,
    );
  } catch {
    time = at.toISOString().slice(11, 19);
  }
  return { today: dayIn(timeZone, at), yesterday: dayIn(timeZone, new Date(at.getTime() - 86_400_000)), time };
};

/**
 * Whether a lecture is on at a wall clock (SPEC §2.4's rule: started at or before now, ends after
 * now; an end before the start is the next day's). Read on the zone's wall clock, as its times are.
 */
export const isOnAt = (
  lecture: Pick<CmsLecture, 'startDate' | 'startTime' | 'endTime'>,
  clock: { today: string; yesterday: string; time: string },
): boolean => {
  const [start, end] = [lecture.startTime.slice(0, 8), lecture.endTime.slice(0, 8)];
  const overnight = end <= start;
  if (lecture.startDate === clock.today) return start <= clock.time && (overnight || clock.time < end);
  return overnight && lecture.startDate === clock.yesterday && clock.time < end;
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

/** The event page's address and the venue's entrance (the id leads, as every slug of the product): the adapter's, shared with the back office. */
export { eventPagePath, venuePath } from '@plataforma/adapter/routes';
