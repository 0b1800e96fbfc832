import type { CmsLecture } from '@plataforma/adapter';
import { fold, searchWords } from '../directory/search';

/** What the Programação page shows, as its address says it (`?dia=2026-11-26&sala=3&palestrante=7&busca=sepse&minha=1`). */
export interface AgendaFilters {
  /** A day of the programme (YYYY-MM-DD), 'todos', or null: today when the programme has today, else every day. */
  day: string | null;
  room: number | null;
  speaker: number | null;
  search: string;
  /** 'Minha agenda': only the lectures the signed-in client starred. */
  mine: boolean;
}

export const ALL_DAYS = 'todos';

const idParam = (value: string | null): number | null => {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
};

/** The filters of an address; anything malformed is ignored rather than refused (a shared link still opens). */
export const filtersOf = (params: URLSearchParams): AgendaFilters => {
  const day = params.get('dia');
  return {
    day: day === ALL_DAYS || (day && /^\d{4}-\d{2}-\d{2}$/.test(day)) ? day : null,
    room: idParam(params.get('sala')),
    speaker: idParam(params.get('palestrante')),
    search: (params.get('busca') ?? '').slice(0, 100),
    mine: params.get('minha') === '1',
  };
};

/** The address of a set of filters: only what differs from the default is written. */
export const paramsOf = (filters: AgendaFilters): URLSearchParams => {
  const params = new URLSearchParams();
  if (filters.day) params.set('dia', filters.day);
  if (filters.room !== null) params.set('sala', String(filters.room));
  if (filters.speaker !== null) params.set('palestrante', String(filters.speaker));
  if (filters.search.trim()) params.set('busca', filters.search);
  if (filters.mine) params.set('minha', '1');
  return params;
};

/** Lower case without accents (the directory kit's): 'Sépsis' and 'sepsis' are the same search. */
export { fold };

/** The programme's days, rooms and speakers (the filters' options): days in order, names in pt-BR order. */
export const agendaOptions = (lectures: readonly CmsLecture[]) => {
  const days = [...new Set(lectures.filter((l) => l.room).map((l) => l.startDate))].sort();
  const rooms = new Map<number, string>();
  const speakers = new Map<number, string>();
  for (const lecture of lectures) {
    if (!lecture.room) continue;
    rooms.set(lecture.room.id, lecture.room.name);
    for (const speaker of lecture.speakers) speakers.set(speaker.id, speaker.name);
  }
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'pt-BR') || 0;
  return {
    days,
    rooms: [...rooms].map(([id, name]) => ({ id, name })).sort(byName),
    speakers: [...speakers].map(([id, name]) => ({ id, name })).sort(byName),
  };
};

/**
 * The day the page opens on when the address names none: today when the programme has it, else
 * every day; 'Minha agenda' opens on every day (the client's whole event at a glance).
 */
export const effectiveDay = (filters: AgendaFilters, days: readonly string[], today: string): string =>
  filters.day ?? (!filters.mine && days.includes(today) ? today : ALL_DAYS);

export interface AgendaDay {
  date: string;
  lectures: CmsLecture[];
}

/**
 * The lectures the filters let through, by day and hour (a room's name breaks ties): the search
 * looks at the title, the speakers' names and the room's name, without case or accents. Lectures
 * without a room are left out (no screen to watch them on). With 'Minha agenda' only the `starred`
 * ones stay.
 */
export const filterAgenda = (
  lectures: readonly CmsLecture[],
  filters: AgendaFilters,
  day: string,
  starred: ReadonlySet<number> = new Set(),
): AgendaDay[] => {
  const words = searchWords(filters.search);
  const kept = lectures.filter((lecture) => {
    if (!lecture.room) return false;
    if (filters.mine && !starred.has(lecture.id)) return false;
    if (day !== ALL_DAYS && lecture.startDate !== day) return false;
    if (filters.room !== null && lecture.room.id !== filters.room) return false;
    if (filters.speaker !== null && !lecture.speakers.some((s) => s.id === filters.speaker)) return false;
    if (words.length === 0) return true;
    const haystack = fold([lecture.name, lecture.room.name, ...lecture.speakers.map((s) => s.name)].join(' '));
    return words.every((word) => haystack.includes(word));
  });
  kept.sort(
    (a, b) =>
      a.startDate.localeCompare(b.startDate) ||
      a.startTime.localeCompare(b.startTime) ||
      (a.room?.name ?? '').localeCompare(b.room?.name ?? '', 'pt-BR') ||
      a.id - b.id,
  );
  const days: AgendaDay[] = [];
  for (const lecture of kept) {
    const last = days[days.length - 1];
    if (last && last.date === lecture.startDate) last.lectures.push(lecture);
    else days.push({ date: lecture.startDate, lectures: [lecture] });
  }
  return days;
};

/** 'DD/MM' of a wire day (the day filter's short name). */
export const shortDay = (date: string): string => `${date.slice(8, 10)}/${date.slice(5, 7)}`;
