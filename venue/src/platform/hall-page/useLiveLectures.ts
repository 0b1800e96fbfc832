import { useEffect, useMemo, useState } from 'react';
import type { CmsLecture } from '@plataforma/adapter';
import type { DEFAULT_TIME_ZONE, liveByRoom } from '@plataforma/adapter/schedule';
import { useTick } from '../../shared/hooks/useTick';
import { useEventLectures } from '../event/api';

/** How often a hall checks what is on now. */
export const LIVE_TICK_MS = 30_000;

interface Schedule {
  liveByRoom: typeof liveByRoom;
  DEFAULT_TIME_ZONE: typeof DEFAULT_TIME_ZONE;
}

const NOTHING_LIVE: ReadonlyMap<number, CmsLecture> = new Map();

/**
 * The lecture on now in each room (by room id, in the programme's order), renewed every
 * LIVE_TICK_MS, in the event's time zone: the congress doors' 'AO VIVO' and the entrance's
 * 'Ao vivo agora'. `eventId` null asks for nothing. The schedule math (dayjs and its zone
 * plugins) is loaded only once the event has lectures, so hall-entrada's first load carries no
 * date library. A programme that fails to load is nothing live: the hall does not depend on it.
 */
export const useLiveLectures = (eventId: number | null): ReadonlyMap<number, CmsLecture> => {
  const lectures = useEventLectures(eventId);
  const rows = lectures.data?.rows;
  const has = Array.isArray(rows) && rows.length > 0;
  const [schedule, setSchedule] = useState<Schedule | null>(null);
  const now = useTick(LIVE_TICK_MS);

  useEffect(() => {
    if (!has || schedule) return;
    let current = true;
    import('@plataforma/adapter/schedule').then(
      (module) => current && setSchedule(module),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [has, schedule]);

  return useMemo(() => {
    if (!schedule || !Array.isArray(rows) || rows.length === 0) return NOTHING_LIVE;
    return schedule.liveByRoom(rows, now, rows[0].timezone || schedule.DEFAULT_TIME_ZONE);
  }, [schedule, rows, now]);
};
