import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { ApiError, CmsLecture } from '@plataforma/adapter';
import { useEvent, useEventId, useEventRooms, useEventSponsors, useEventStands } from '../event/api';
import type { HallItem } from '../halls/layouts';
import { hallContext, HALLS, type HallKey } from '../halls/registry';
import { useLiveLectures } from './useLiveLectures';

export interface HallItemsState {
  items: HallItem[] | null;
  /** The lecture on now in each room, by room id (empty unless the hall needs the programme). */
  live: ReadonlyMap<number, CmsLecture>;
  error: ApiError | null;
  retry: () => void;
}

/** The window asked for by a hall that needs no rooms (its query stays disabled). */
const NO_ROOMS = { offset: 0, limit: 1 };

/**
 * A hall's parts from the API's data: the same list draws the scene and its map, so the two
 * always agree. Only the queries the hall's registry entry needs run (the others stay disabled).
 * The programme (what is on now) is drawn in when it comes; the hall never waits for it.
 */
export const useHallItems = (page: HallKey): HallItemsState => {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const eventId = useEventId();
  const { needs, layout } = HALLS[page];
  const event = useEvent(eventId);
  const stands = useEventStands(needs.stands ? eventId : null);
  const sponsors = useEventSponsors(needs.sponsors ? eventId : null);
  const window = needs.rooms ?? NO_ROOMS;
  const rooms = useEventRooms(needs.rooms ? eventId : null, window.offset, window.limit);
  const live = useLiveLectures(needs.lectures ? eventId : null);

  const needed = [event, ...(needs.stands ? [stands] : []), ...(needs.sponsors ? [sponsors] : []), ...(needs.rooms ? [rooms] : [])];
  const error = needed.find((query) => query.error)?.error ?? null;
  const retry = () => needed.forEach((query) => query.error && void query.refetch());
  if (error) return { items: null, live, error, retry };
  if (!event.data || needed.some((query) => !query.data)) return { items: null, live, error: null, retry };
  const data = {
    event: event.data,
    stands: stands.data?.rows ?? [],
    sponsors: sponsors.data?.rows ?? [],
    rooms: rooms.data?.rows ?? [],
    live,
  };
  return { items: layout(data, hallContext(page, slug, t)), live, error: null, retry };
};
