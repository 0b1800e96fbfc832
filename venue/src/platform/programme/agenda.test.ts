import { describe, expect, it } from 'vitest';
import type { CmsLecture } from '@plataforma/adapter';
import { agendaOptions, effectiveDay, filterAgenda, filtersOf, fold, paramsOf, type AgendaFilters } from './agenda';
import { cmsLectureFixture } from '../../testing/wire';

const lecture = (
  id: number,
  name: string,
  startDate: string,
  startTime: string,
  room: { id: number; name: string } | null,
  speakers: Array<{ id: number; name: string }> = [],
): CmsLecture =>
  cmsLectureFixture({
    id,
    name,
    startDate,
    startTime,
    endTime: '23:59:00',
    room: room && { ...room, eventId: 1 },
    speakers,
  });

const salaA = { id: 1, name: 'Sala A' };
const salaB = { id: 2, name: 'Auditório B' };
const ana = { id: 10, name: 'Ana Araújo' };
const bruno = { id: 11, name: 'Bruno Lima' };
const lectures = [
  lecture(3, 'Ventilação mecânica', '2026-11-27', '09:00:00', salaA, [bruno]),
  lecture(1, 'Sépsis na UTI', '2026-11-26', '10:00:00', salaA, [ana]),
  lecture(2, 'Abertura', '2026-11-26', '10:00:00', salaB, [ana, bruno]),
  lecture(4, 'Sem sala', '2026-11-26', '08:00:00', null),
];
const none: AgendaFilters = { day: null, room: null, speaker: null, search: '', mine: false };

describe('the agenda’s address', () => {
  it('reads the filters and ignores what is malformed', () => {
    expect(filtersOf(new URLSearchParams('dia=2026-11-26&sala=2&palestrante=10&busca=sepse'))).toEqual({
      day: '2026-11-26',
      room: 2,
      speaker: 10,
      search: 'sepse',
      mine: false,
    });
    expect(filtersOf(new URLSearchParams('minha=1')).mine).toBe(true);
    expect(filtersOf(new URLSearchParams('minha=sim')).mine).toBe(false);
    expect(filtersOf(new URLSearchParams('dia=ontem&sala=-1&palestrante=x1&busca='))).toEqual(none);
    expect(filtersOf(new URLSearchParams('dia=todos')).day).toBe('todos');
    expect(filtersOf(new URLSearchParams(`busca=${'a'.repeat(500)}`)).search).toHaveLength(100);
  });

  it('writes only what differs from the default, and reads back what it wrote', () => {
    expect(paramsOf(none).toString()).toBe('');
    const filters = { day: 'todos', room: 1, speaker: null, search: 'uti', mine: false };
    expect(paramsOf(filters).toString()).toBe('dia=todos&sala=1&busca=uti');
    expect(filtersOf(paramsOf(filters))).toEqual(filters);
    const mine = { ...filters, mine: true };
    expect(paramsOf(mine).toString()).toBe('dia=todos&sala=1&busca=uti&minha=1');
    expect(filtersOf(paramsOf(mine))).toEqual(mine);
  });
});

describe('filterAgenda', () => {
  it('groups by day and hour, the room’s name breaking ties, and leaves out lectures without a room', () => {
    const days = filterAgenda(lectures, none, 'todos');
    expect(days.map((d) => [d.date, d.lectures.map((l) => l.id)])).toEqual([
      ['2026-11-26', [2, 1]],
      ['2026-11-27', [3]],
    ]);
  });

  it('filters by day, room and speaker together', () => {
    expect(filterAgenda(lectures, none, '2026-11-27').flatMap((d) => d.lectures.map((l) => l.id))).toEqual([3]);
    expect(filterAgenda(lectures, { ...none, room: 1 }, 'todos').flatMap((d) => d.lectures.map((l) => l.id))).toEqual([1, 3]);
    expect(filterAgenda(lectures, { ...none, speaker: 10 }, 'todos').flatMap((d) => d.lectures.map((l) => l.id))).toEqual([2, 1]);
    expect(filterAgenda(lectures, { ...none, room: 1, speaker: 11 }, '2026-11-26')).toEqual([]);
  });

  it('keeps only the starred lectures with “Minha agenda”, with the other filters', () => {
    const ids = (filters: AgendaFilters, starred: ReadonlySet<number>) =>
      filterAgenda(lectures, filters, 'todos', starred).flatMap((d) => d.lectures.map((l) => l.id));
    expect(ids({ ...none, mine: true }, new Set([1, 3]))).toEqual([1, 3]);
    expect(ids({ ...none, mine: true, room: 2 }, new Set([1, 2]))).toEqual([2]);
    expect(ids({ ...none, mine: true }, new Set())).toEqual([]);
    // Without the filter the stars change nothing.
    expect(ids(none, new Set([1]))).toEqual([2, 1, 3]);
  });

  it('searches the title, the speakers and the room without case or accents, every word', () => {
    const ids = (search: string) => filterAgenda(lectures, { ...none, search }, 'todos').flatMap((d) => d.lectures.map((l) => l.id));
    expect(ids('SEPSIS')).toEqual([1]);
    expect(ids('araujo')).toEqual([2, 1]);
    expect(ids('auditorio abertura')).toEqual([2]);
    expect(ids('  ')).toEqual([2, 1, 3]);
    expect(ids('ana ventilação')).toEqual([]);
  });
});

describe('the options and the opening day', () => {
  it('lists the days, rooms and speakers of the programme', () => {
    expect(agendaOptions(lectures)).toEqual({
      days: ['2026-11-26', '2026-11-27'],
      rooms: [salaB, salaA],
      speakers: [ana, bruno],
    });
  });

  it('opens on today when the programme has it, else on every day; the address wins', () => {
    const { days } = agendaOptions(lectures);
    expect(effectiveDay(none, days, '2026-11-27')).toBe('2026-11-27');
    expect(effectiveDay(none, days, '2026-12-01')).toBe('todos');
    expect(effectiveDay({ ...none, day: 'todos' }, days, '2026-11-27')).toBe('todos');
    // 'Minha agenda' opens on every day: the starred lectures of the whole event.
    expect(effectiveDay({ ...none, mine: true }, days, '2026-11-27')).toBe('todos');
    expect(effectiveDay({ ...none, mine: true, day: '2026-11-27' }, days, '2026-11-27')).toBe('2026-11-27');
  });

  it('folds case and accents', () => {
    expect(fold(' Ção ')).toBe('cao');
  });
});
