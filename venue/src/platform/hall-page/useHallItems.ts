import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { ApiError, CmsLecture } from '@plataforma/adapter';
import { useEvent, useEventId, useEventRooms, useEventSponsors, useEventStands } from '../../shared/event/api';
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
  const ready = !error && needed.every((query) => query.data);
  // The parts are made again only when what they are made of changes (an answer, what is on now,
  // the language), not on every render of the page: the scene (HallItems, memoised) then skips the
  // page's other renders (a query's status, the store), each of which drew every part again.
  const items = useMemo(
    () =>
      ready && event.data
        ? layout(
            {
              event: event.data,
              stands: stands.data?.rows ?? [],
              sponsors: sponsors.data?.rows ?? [],
              rooms: rooms.data?.rows ?? [],
              live,
            },
            hallContext(page, slug, t),
          )
        : null,
    [ready, layout, event.data, stands.data, sponsors.data, rooms.data, live, page, slug, t],
  );
  const retry = () => needed.forEach((query) => query.error && void query.refetch());
  return { items, live, error, retry };
};
