import { useMemo } from 'react';
import type { CmsLecture } from '@plataforma/adapter';
import { useScheduleModule } from '../../shared/hooks/useScheduleModule';
import { useTick } from '../../shared/hooks/useTick';
import { useEventLectures } from '../../shared/event/api';

/** How often a hall checks what is on now. */
export const LIVE_TICK_MS = 30_000;

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
  const schedule = useScheduleModule(has);
  const now = useTick(LIVE_TICK_MS);

  return useMemo(() => {
    if (!schedule || !Array.isArray(rows) || rows.length === 0) return NOTHING_LIVE;
    return schedule.liveByRoom(rows, now, rows[0].timezone || schedule.DEFAULT_TIME_ZONE);
  }, [schedule, rows, now]);
};
