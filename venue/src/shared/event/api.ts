import { queryOptions, useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { idFromSlug } from '@plataforma/adapter/routes';
import type { ApiError, CmsLecture, Event, ListResult, Room, Sponsor, Stand } from '@plataforma/adapter';
import { api } from '../api';

/** How long the event's data is taken as fresh (the halls and their maps share it). */
const FRESH_MS = 60_000;

/** Query keys of the event and what hangs from it (its stands, rooms and sponsors). */
export const eventKeys = {
  all: ['event'] as const,
  detail: (eventId: number | null) => [...eventKeys.all, eventId] as const,
  stands: (eventId: number | null) => [...eventKeys.all, eventId, 'stands'] as const,
  rooms: (eventId: number | null, offset: number, limit: number) => [...eventKeys.all, eventId, 'rooms', offset, limit] as const,
  sponsors: (eventId: number | null) => [...eventKeys.all, eventId, 'sponsors'] as const,
  lectures: (eventId: number | null) => [...eventKeys.all, eventId, 'lectures'] as const,
};

/** The event id of the current /plataforma/{slug} route (the part before the first dash). */
export const useEventId = (): number | null => idFromSlug(useParams().slug);

export const eventQuery = (eventId: number | null) =>
  queryOptions<Event, ApiError>({
    queryKey: eventKeys.detail(eventId),
    queryFn: () => api.site.events.get(eventId as number),
    enabled: eventId !== null,
    staleTime: FRESH_MS,
  });

export const useEvent = (eventId: number | null) => useQuery(eventQuery(eventId));

/** The event's stands in their hall order (position), cached for the halls and their maps. */
export const eventStandsQuery = (eventId: number | null) =>
  queryOptions<ListResult<Stand>, ApiError>({
    queryKey: eventKeys.stands(eventId),
    queryFn: () => api.site.stands.list(eventId as number, { limit: 100, order: { field: 'position', direction: 'asc' } }),
    enabled: eventId !== null,
    staleTime: FRESH_MS,
  });

export const useEventStands = (eventId: number | null) => useQuery(eventStandsQuery(eventId));

/** A window of the event's rooms (congress halls use 0/5, 5/6, 11/5; hall-salas pages of 3). */
export const eventRoomsQuery = (eventId: number | null, offset: number, limit: number) =>
  queryOptions<ListResult<Room>, ApiError>({
    queryKey: eventKeys.rooms(eventId, offset, limit),
    queryFn: () => api.site.rooms.list(eventId as number, { offset, limit }),
    enabled: eventId !== null,
    staleTime: FRESH_MS,
  });

export const useEventRooms = (eventId: number | null, offset: number, limit: number) => useQuery(eventRoomsQuery(eventId, offset, limit));

export const eventSponsorsQuery = (eventId: number | null) =>
  queryOptions<ListResult<Sponsor>, ApiError>({
    queryKey: eventKeys.sponsors(eventId),
    queryFn: () => api.site.sponsors.list(eventId as number, { limit: 20 }),
    enabled: eventId !== null,
    staleTime: FRESH_MS,
  });

export const useEventSponsors = (eventId: number | null) => useQuery(eventSponsorsQuery(eventId));

/**
 * The event's whole programme (every lecture with its room and speakers, day and hour order):
 * the Programação page, the doors' 'AO VIVO' and the entrance's 'Ao vivo agora' share it.
 */
export const eventLecturesQuery = (eventId: number | null) =>
  queryOptions<ListResult<CmsLecture>, ApiError>({
    queryKey: eventKeys.lectures(eventId),
    queryFn: () => api.site.lectures.event(eventId as number),
    enabled: eventId !== null,
    staleTime: FRESH_MS,
  });

export const useEventLectures = (eventId: number | null) => useQuery(eventLecturesQuery(eventId));
