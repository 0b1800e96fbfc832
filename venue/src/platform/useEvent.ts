import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { ApiError, idFromSlug, type Event } from '@plataforma/adapter';
import { api } from '../shared/api';

/** The event id of the current /plataforma/{slug} route (the part before the first dash). */
export const useEventId = (): number | null => idFromSlug(useParams().slug);

export const useEvent = (eventId: number | null) =>
  useQuery<Event, ApiError>({
    queryKey: ['event', eventId],
    queryFn: () => api.site.events.get(eventId as number),
    enabled: eventId !== null,
    staleTime: 60_000,
    retry: (count, error) => error.status >= 500 && count < 2,
  });
