import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { ApiError } from '@plataforma/adapter';
import { useEvent, useEventId } from '../useEvent';
import type { PageKey } from './config';
import { useRooms, useSponsors, useStands } from './data';
import { antechamberLayout, CONGRESS_ROOMS, congressLayout, entranceLayout, isStandHall, standHallLayout, type HallItem } from './layouts';

export interface HallItemsState {
  items: HallItem[] | null;
  error: ApiError | null;
  retry: () => void;
}

const isCongress = (page: PageKey): page is keyof typeof CONGRESS_ROOMS => page in CONGRESS_ROOMS;

/**
 * A hall's parts from the API's data: the same list draws the scene and its map, so the two
 * always agree. Only the queries the hall needs run (the others stay disabled).
 */
export const useHallItems = (page: PageKey): HallItemsState => {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const eventId = useEventId();
  const event = useEvent(eventId);
  const stands = useStands(isStandHall(page) ? eventId : null);
  const sponsors = useSponsors(page === 'entrance' ? eventId : null);
  const window = isCongress(page) ? CONGRESS_ROOMS[page] : { offset: 0, limit: 1 };
  const rooms = useRooms(isCongress(page) ? eventId : null, window.offset, window.limit);

  const needed = [
    event,
    ...(isStandHall(page) ? [stands] : []),
    ...(page === 'entrance' ? [sponsors] : []),
    ...(isCongress(page) ? [rooms] : []),
  ];
  const error = needed.find((query) => query.error)?.error ?? null;
  const retry = () => needed.forEach((query) => query.error && void query.refetch());
  if (error) return { items: null, error, retry };
  if (!event.data) return { items: null, error: null, retry };

  if (isStandHall(page)) {
    return { items: stands.data ? standHallLayout(page, stands.data.rows, event.data.venue, slug, t) : null, error, retry };
  }
  if (page === 'entrance') {
    return {
      items: sponsors.data ? entranceLayout(sponsors.data.rows, event.data.image ?? event.data.banner, event.data.name, slug, t) : null,
      error,
      retry,
    };
  }
  if (isCongress(page)) {
    return { items: rooms.data ? congressLayout(page, rooms.data.rows, slug, t) : null, error, retry };
  }
  if (page === 'cbmi2021' || page === 'helpDesk' || page === 'speakers') {
    return { items: antechamberLayout(page, event.data.venue, t), error, retry };
  }
  return { items: [], error, retry };
};
