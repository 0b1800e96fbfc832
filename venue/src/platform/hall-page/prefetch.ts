import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router-dom';
import { idFromSlug } from '@plataforma/adapter/routes';
import { eventLecturesQuery, eventQuery, eventRoomsQuery, eventSponsorsQuery, eventStandsQuery } from '../../shared/event/api';
import { HALL_KEYS, HALLS } from '../halls/registry';
import { loadScheduleModule } from '../../shared/hooks/useScheduleModule';

/** Where `/` leads (App's routes): the entrance hall of event 1. */
const HOME = `/plataforma/1/${HALLS.entrance.path}`;

/**
 * Starts the API reads of the hall an address opens, before React has rendered anything: on a
 * phone the first render takes a while, and the hall's data (then its pictures, the largest of
 * which is the page's largest paint) used to be asked for only once it was done. The reads are
 * the hall's own queries (same keys and options as `useHallItems`), so the hall finds them in the
 * cache or in flight and asks for nothing twice. With a programme that has lectures, the schedule
 * math's chunk is fetched too. Anything else than a drawn hall starts nothing; a read that fails
 * is asked again by the hall as usual.
 *
 * The promise settles once every read has (answered or failed, never rejected): `main.tsx` renders
 * the hall then, once, with its data (decision 062).
 */
export const prefetchHall = (queryClient: QueryClient, pathname: string): Promise<void> => {
  const address = pathname === '/' ? HOME : pathname;
  const key = HALL_KEYS.find((hall) => matchPath(`/plataforma/:slug/${HALLS[hall].path}`, address));
  if (!key) return Promise.resolve();
  const eventId = idFromSlug(matchPath(`/plataforma/:slug/${HALLS[key].path}`, address)?.params.slug);
  if (eventId === null) return Promise.resolve();
  const { needs } = HALLS[key];
  const reads = [queryClient.prefetchQuery(eventQuery(eventId))];
  if (needs.stands) reads.push(queryClient.prefetchQuery(eventStandsQuery(eventId)));
  if (needs.sponsors) reads.push(queryClient.prefetchQuery(eventSponsorsQuery(eventId)));
  if (needs.rooms) reads.push(queryClient.prefetchQuery(eventRoomsQuery(eventId, needs.rooms.offset, needs.rooms.limit)));
  if (needs.lectures)
    reads.push(
      queryClient.prefetchQuery(eventLecturesQuery(eventId)).then(async () => {
        const rows = queryClient.getQueryData(eventLecturesQuery(eventId).queryKey)?.rows;
        // A chunk that fails to load is the hall's to try again (useScheduleModule).
        if (Array.isArray(rows) && rows.length > 0) await loadScheduleModule().catch(() => undefined);
      }),
    );
  return Promise.all(reads).then(() => undefined);
};
