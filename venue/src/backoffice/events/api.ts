import { queryOptions } from '@tanstack/react-query';
import { eventPaths, type ApiError, type Event, type EventDependents, type EventInput } from '@plataforma/adapter';
import { api } from '../../shared/api';
import { resourceApi } from '../api';

/** Events (SPEC §7): the list, the editor's read (published or not), the multipart saves, the delete. */
const events = resourceApi<Event, EventInput>(eventPaths.cms);

export const eventKeys = events.keys;
export const eventsListQuery = events.listQuery;
export const useSaveEvent = events.useSave;
export const useDeleteEvents = events.useDelete;

/** One event as its editor reads it (`GET /events/private/:id`). */
export const eventQuery = (id: number) =>
  queryOptions<Event, ApiError, Event, ReturnType<typeof eventKeys.one>>({
    queryKey: eventKeys.one(id),
    queryFn: () => api.cms.events.getPrivate(id),
  });

/** What deleting an event takes with it (for the confirmation); read when the delete is asked for. */
export const fetchDependents = (id: number): Promise<EventDependents> => api.cms.events.dependents(id);
