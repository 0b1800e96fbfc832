import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router-dom';
import { idFromSlug } from '@plataforma/adapter/routes';
import { eventLecturesQuery, eventQuery, eventRoomsQuery, eventSponsorsQuery, eventStandsQuery } from '../event/api';
import { HALL_KEYS, HALLS } from '../halls/registry';

/** Where `/` leads (App's routes): the entrance hall of event 1. */
const HOME = `/plataforma/1/${HALLS.entrance.path}`;

/**
 * Starts the API reads of the hall an address opens, before React has rendered anything: on a
 * phone the first render takes a while, and the hall's data (then its pictures, the largest of
 * which is the page's largest paint) used to be asked for only once it was done. The reads are
 * the hall's own queries (same keys and options as `useHallItems`), so the hall finds them in the
 * cache or in flight and asks for nothing twice. Anything else than a drawn hall starts nothing;
 * a read that fails is asked again by the hall as usual.
 */
export const prefetchHall = (queryClient: QueryClient, pathname: string): void => {
  const address = pathname === '/' ? HOME : pathname;
  const key = HALL_KEYS.find((hall) => matchPath(`/plataforma/:slug/${HALLS[hall].path}`, address));
  if (!key) return;
  const eventId = idFromSlug(matchPath(`/plataforma/:slug/${HALLS[key].path}`, address)?.params.slug);
  if (eventId === null) return;
  const { needs } = HALLS[key];
  void queryClient.prefetchQuery(eventQuery(eventId));
  if (needs.stands) void queryClient.prefetchQuery(eventStandsQuery(eventId));
  if (needs.sponsors) void queryClient.prefetchQuery(eventSponsorsQuery(eventId));
  if (needs.rooms) void queryClient.prefetchQuery(eventRoomsQuery(eventId, needs.rooms.offset, needs.rooms.limit));
  if (needs.lectures) void queryClient.prefetchQuery(eventLecturesQuery(eventId));
};
