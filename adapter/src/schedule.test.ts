import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { describe, expect, it } from 'vitest';
import {
  AGENDA_NOTICE_MINUTES,
  currentAndNext,
  dateInZone,
  dueStarredLecture,
  formatLectureDate,
  lectureSpan,
  liveByRoom,
  liveStates,
  nextDay,
  previousDay,
  timeInZone,
  zonedInstant,
} from './schedule';

const at = (iso: string) => Date.parse(iso);

describe('zonedInstant', () => {
  it('reads a São Paulo wall clock as UTC−3, whatever the machine says', () => {
    expect(new Date(zonedInstant('2020-11-12', '08:00:00', 'America/Sao_Paulo')).toISOString()).toBe('2020-11-12T11:00:00.000Z');
    expect(new Date(zonedInstant('2026-11-22', '23:30', 'America/Sao_Paulo')).toISOString()).toBe('2026-11-23T02:30:00.000Z');
  });

  it('handles the historic São Paulo DST edges (spring gap, autumn overlap)', () => {
    // 2018-11-04 00:00 → 01:00 (UTC−3 → UTC−2): 00:30 did not exist; it moves forward an hour.
    expect(new Date(zonedInstant('2018-11-04', '00:30', 'America/Sao_Paulo')).toISOString()).toBe('2018-11-04T03:30:00.000Z');
    expect(timeInZone(zonedInstant('2018-11-04', '00:30', 'America/Sao_Paulo'), 'America/Sao_Paulo')).toBe('01:30');
    // 2019-02-17 00:00 → 2019-02-16 23:00 (UTC−2 → UTC−3): 23:30 happened twice; the earlier wins.
    expect(new Date(zonedInstant('2019-02-16', '23:30', 'America/Sao_Paulo')).toISOString()).toBe('2019-02-17T01:30:00.000Z');
  });

  it('works in other zones with DST', () => {
    expect(new Date(zonedInstant('2026-03-08', '02:30', 'America/New_York')).toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(new Date(zonedInstant('2026-11-01', '01:30', 'America/New_York')).toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });
});

describe('dates and times in the zone', () => {
  it('formats the local date and HH:mm of an instant', () => {
    expect(dateInZone(at('2026-11-23T02:30:00Z'), 'America/Sao_Paulo')).toBe('2026-11-22');
    expect(timeInZone(at('2026-11-23T02:30:00Z'), 'America/Sao_Paulo')).toBe('23:30');
    expect(formatLectureDate('2020-11-12')).toBe('12/11/2020');
  });

  it('steps a date a day forward or back across months, years and February 29', () => {
    expect(previousDay('2026-03-01')).toBe('2026-02-28');
    expect(previousDay('2028-03-01')).toBe('2028-02-29');
    expect(previousDay('2027-01-01')).toBe('2026-12-31');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(nextDay(previousDay('2026-10-18'))).toBe('2026-10-18');
  });
});

describe('currentAndNext', () => {
  const day = (startTime: string, endTime: string, name: string, startDate = '2020-11-12') => ({ name, startDate, startTime, endTime });
  const lectures = [day('10:00:00', '11:00:00', 'B'), day('08:00:00', '09:30:00', 'A'), day('14:00:00', '15:00:00', 'C')];
  const local = (time: string) => zonedInstant('2020-11-12', time, 'America/Sao_Paulo');

  it('current starts at or before now and ends after now', () => {
    expect(currentAndNext(lectures, local('08:00:00')).current?.name).toBe('A');
    expect(currentAndNext(lectures, local('09:29:59')).current?.name).toBe('A');
    expect(currentAndNext(lectures, local('09:30:00')).current).toBeNull();
  });

  it('next is the first that starts later, in start order whatever the input order', () => {
    expect(currentAndNext(lectures, local('09:45:00')).next?.name).toBe('B');
    expect(currentAndNext(lectures, local('08:30:00'))).toEqual({ current: lectures[1], next: lectures[0] });
    expect(currentAndNext(lectures, local('15:00:00'))).toEqual({ current: null, next: null });
  });

  it('a lecture across midnight ends the next day', () => {
    const late = day('23:00:00', '01:00:00', 'Madrugada');
    const span = lectureSpan(late, 'America/Sao_Paulo');
    expect(span.end - span.start).toBe(2 * 3600_000);
    expect(currentAndNext([late], zonedInstant('2020-11-13', '00:30:00')).current?.name).toBe('Madrugada');
    expect(currentAndNext([late], zonedInstant('2020-11-13', '01:00:00')).current).toBeNull();
  });

  it('does not depend on the machine time zone', () => {
    // Node reads TZ again when it changes; the adapter itself never touches process.
    const env = (globalThis as unknown as { process: { env: Record<string, string | undefined> } }).process.env;
    const before = env.TZ;
    env.TZ = 'Asia/Tokyo';
    try {
      expect(new Date(at('2020-11-12T13:30:00Z')).getHours()).toBe(22);
      expect(currentAndNext(lectures, at('2020-11-12T13:30:00Z')).current?.name).toBe('B');
    } finally {
      env.TZ = before;
    }
  });
});

describe('liveStates and liveByRoom (the programme’s and the doors’ marks)', () => {
  const lecture = (id: number, room: number | null, startDate: string, startTime: string, endTime: string) => ({
    id,
    room: room === null ? null : { id: room },
    startDate,
    startTime,
    endTime,
  });
  const programme = [
    lecture(1, 1, '2026-11-26', '09:00', '10:00'),
    lecture(2, 1, '2026-11-26', '10:00', '11:00'),
    lecture(3, 1, '2026-11-26', '14:00', '15:00'),
    lecture(4, 2, '2026-11-26', '09:30', '10:30'),
    lecture(5, 2, '2026-11-26', '10:45', '11:30'),
    lecture(6, null, '2026-11-26', '09:00', '12:00'),
    lecture(7, 3, '2026-11-26', '23:30', '00:30'),
  ];
  // 09:40 in São Paulo is 12:40 UTC.
  const at0940 = at('2026-11-26T12:40:00Z');

  it('marks the lecture on now in each room live, and each room’s next one soon when it starts within the hour', () => {
    const states = liveStates(programme, at0940, 'America/Sao_Paulo');
    expect(Object.fromEntries(states)).toEqual({ 1: 'live', 2: 'soon', 4: 'live' });
    // Room 2's next (10:45) is 65 minutes away: not yet soon; room 3 starts at night.
    expect(states.has(5)).toBe(false);
    expect(states.has(7)).toBe(false);
    // A lecture without a room is never marked, even while it runs.
    expect(states.has(6)).toBe(false);
  });

  it('switches at the exact edges: the end belongs to the next lecture, the start is live', () => {
    expect(liveStates(programme, at('2026-11-26T13:00:00Z'), 'America/Sao_Paulo').get(2)).toBe('live');
    expect(liveStates(programme, at('2026-11-26T13:00:00Z'), 'America/Sao_Paulo').has(1)).toBe(false);
    expect(liveStates(programme, at('2026-11-26T12:59:59Z'), 'America/Sao_Paulo').get(1)).toBe('live');
    expect(liveStates(programme, at('2026-11-26T12:59:59Z'), 'America/Sao_Paulo').get(2)).toBe('soon');
  });

  it('keeps a lecture past midnight live into the next day', () => {
    expect(liveStates(programme, at('2026-11-27T03:15:00Z'), 'America/Sao_Paulo').get(7)).toBe('live');
    expect(liveStates(programme, at('2026-11-27T03:31:00Z'), 'America/Sao_Paulo').has(7)).toBe(false);
  });

  it('reads the wall clock of the event’s zone', () => {
    // 09:40 in Lisbon is 09:40 UTC: nothing of a São Paulo-timed 09:00 lecture is on then in São Paulo.
    expect(liveStates(programme, at('2026-11-26T09:40:00Z'), 'Europe/Lisbon').get(1)).toBe('live');
    expect(liveStates(programme, at('2026-11-26T09:40:00Z'), 'America/Sao_Paulo').size).toBe(0);
  });

  it('gives the live lecture of each room', () => {
    const live = liveByRoom(programme, at0940, 'America/Sao_Paulo');
    expect([...live.entries()].map(([room, l]) => [room, l.id])).toEqual([
      [1, 1],
      [2, 4],
    ]);
    expect(liveByRoom([], at0940).size).toBe(0);
  });
});

describe('dueStarredLecture (the venue’s “Começa em 5 minutos” notice)', () => {
  const lecture = (id: number, room: number | null, startTime: string, endTime: string, startDate = '2026-11-26') => ({
    id,
    room: room === null ? null : { id: room },
    startDate,
    startTime,
    endTime,
  });
  const programme = [
    lecture(1, 1, '10:00', '11:00'),
    lecture(2, 2, '10:03', '11:00'),
    lecture(3, 1, '11:00', '12:00'),
    lecture(4, null, '10:02', '11:00'),
    lecture(5, 3, '10:00', '11:00', '2026-11-27'),
  ];
  const zone = 'America/Sao_Paulo';
  // 09:56 in São Paulo is 12:56 UTC.
  const at = (iso: string) => Date.parse(iso);
  const starred = new Set([1, 2, 3, 4, 5]);
  const none = new Set<number>();

  it('is the starred lecture that starts within five minutes, the soonest first', () => {
    expect(AGENDA_NOTICE_MINUTES).toBe(5);
    expect(dueStarredLecture(programme, starred, none, at('2026-11-26T12:56:00Z'), zone)?.id).toBe(1);
    // 09:55 sharp: lecture 1 is exactly five minutes away, and due.
    expect(dueStarredLecture(programme, starred, none, at('2026-11-26T12:55:00Z'), zone)?.id).toBe(1);
    // 09:54:59: a second more than five minutes, not yet.
    expect(dueStarredLecture(programme, starred, none, at('2026-11-26T12:54:59Z'), zone)).toBeNull();
  });

  it('leaves out what is not starred, was dismissed, has started or has no room', () => {
    // 09:58: lectures 1 (10:00) and 2 (10:03) are both within five minutes.
    expect(dueStarredLecture(programme, new Set([2]), none, at('2026-11-26T12:58:00Z'), zone)?.id).toBe(2);
    expect(dueStarredLecture(programme, new Set([3]), none, at('2026-11-26T12:58:00Z'), zone)).toBeNull();
    expect(dueStarredLecture(programme, starred, new Set([1]), at('2026-11-26T12:58:00Z'), zone)?.id).toBe(2);
    expect(dueStarredLecture(programme, starred, new Set([1, 2]), at('2026-11-26T12:58:00Z'), zone)).toBeNull();
    // At 10:00 lecture 1 is on (the programme says 'Ao vivo'); only 2 is still ahead.
    expect(dueStarredLecture(programme, starred, none, at('2026-11-26T13:00:00Z'), zone)?.id).toBe(2);
    // Lecture 4 (10:02) has no room: nothing to watch, never announced.
    expect(dueStarredLecture(programme, new Set([4]), none, at('2026-11-26T12:58:00Z'), zone)).toBeNull();
  });

  it('reads the event’s zone and the day', () => {
    expect(dueStarredLecture(programme, new Set([5]), none, at('2026-11-26T12:56:00Z'), zone)).toBeNull();
    expect(dueStarredLecture(programme, new Set([5]), none, at('2026-11-27T12:56:00Z'), zone)?.id).toBe(5);
    // 09:56 in Lisbon is 09:56 UTC: in São Paulo the lecture is three hours away.
    expect(dueStarredLecture(programme, starred, none, at('2026-11-26T09:56:00Z'), 'Europe/Lisbon')?.id).toBe(1);
    expect(dueStarredLecture(programme, starred, none, at('2026-11-26T09:56:00Z'), zone)).toBeNull();
    expect(dueStarredLecture([], starred, none, at('2026-11-26T12:56:00Z'), zone)).toBeNull();
  });
});

describe('the zone arithmetic on Intl (in place of dayjs.tz, issue 17: the entrance’s first paint on a phone)', () => {
  it('agrees with dayjs.tz on the wall clock and the date, every 5 h 17 min over two years, across DST changes', () => {
    dayjs.extend(utc);
    dayjs.extend(timezone);
    const start = Date.parse('2018-01-01T00:00:00Z');
    for (const zone of ['America/Sao_Paulo', 'America/New_York', 'Europe/Berlin', 'America/Manaus', 'Asia/Kolkata']) {
      for (let instant = start; instant < start + 2 * 365 * 86_400_000; instant += 5 * 3_600_000 + 17 * 60_000) {
        const reference = dayjs(instant).tz(zone);
        expect(dateInZone(instant, zone), `${zone} ${new Date(instant).toISOString()}`).toBe(reference.format('YYYY-MM-DD'));
        expect(timeInZone(instant, zone)).toBe(reference.format('HH:mm'));
      }
    }
  });

  it('answers the same instant again from its memory, and each zone apart', () => {
    const first = zonedInstant('2026-11-23', '09:00', 'America/Sao_Paulo');
    expect(zonedInstant('2026-11-23', '09:00', 'America/Sao_Paulo')).toBe(first);
    expect(first).toBe(Date.parse('2026-11-23T12:00:00Z'));
    expect(zonedInstant('2026-11-23', '09:00', 'Europe/Berlin')).toBe(Date.parse('2026-11-23T08:00:00Z'));
  });
});
