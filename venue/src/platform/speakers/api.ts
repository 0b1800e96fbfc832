import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiError, ListResult, Speaker } from '@plataforma/adapter';
import { api } from '../../shared/api';
import { eventKeys } from '../../shared/event/api';

/** How long the directory is taken as fresh (as the event's other data). */
const FRESH_MS = 60_000;
/** The list's largest page: the directory asks for pages of it until it has every speaker. */
export const SPEAKERS_PAGE = 100;

/** Query keys of the speakers' directory: under the event's, so refreshing the event refreshes them. */
export const speakerKeys = {
  ofEvent: (eventId: number | null) => [...eventKeys.all, eventId, 'speakers'] as const,
};

/**
 * Every speaker of a published event, in name order: one page of 100, and the further pages
 * at once when the count says there are more (an id met twice is kept once).
 */
export const fetchEventSpeakers = async (eventId: number): Promise<ListResult<Speaker>> => {
  const first = await api.site.speakers.list(eventId, { limit: SPEAKERS_PAGE });
  if (first.count <= first.rows.length) return first;
  const offsets: number[] = [];
  for (let offset = first.rows.length; offset < first.count; offset += SPEAKERS_PAGE) offsets.push(offset);
  const rest = await Promise.all(offsets.map((offset) => api.site.speakers.list(eventId, { limit: SPEAKERS_PAGE, offset })));
  const seen = new Set<number>();
  const rows = [first, ...rest]
    .flatMap((page) => page.rows)
    .filter((speaker) => (seen.has(speaker.id) ? false : (seen.add(speaker.id), true)));
  return { rows, count: first.count };
};

export const eventSpeakersQuery = (eventId: number | null) =>
  queryOptions<ListResult<Speaker>, ApiError>({
    queryKey: speakerKeys.ofEvent(eventId),
    queryFn: () => fetchEventSpeakers(eventId as number),
    enabled: eventId !== null,
    staleTime: FRESH_MS,
  });

/** The speakers' directory of the current event (every speaker, however many pages). */
export const useEventSpeakers = (eventId: number | null) => useQuery(eventSpeakersQuery(eventId));
