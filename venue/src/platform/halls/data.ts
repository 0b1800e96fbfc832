import { useQuery } from '@tanstack/react-query';
import type { ApiError, ListResult, Room, Sponsor, Stand } from '@plataforma/adapter';
import { api } from '../../shared/api';

const retry = (count: number, error: ApiError) => error.status >= 500 && count < 2;

/** The event's stands in their hall order (position), cached for the halls and their maps. */
export const useStands = (eventId: number | null) =>
  useQuery<ListResult<Stand>, ApiError>({
    queryKey: ['stands', eventId],
    queryFn: () => api.site.stands.list(eventId as number, { limit: 100, order: { field: 'position', direction: 'asc' } }),
    enabled: eventId !== null,
    staleTime: 60_000,
    retry,
  });

/** A window of the event's rooms (congress halls use 0/5, 5/6, 11/5; hall-salas pages of 3). */
export const useRooms = (eventId: number | null, offset: number, limit: number) =>
  useQuery<ListResult<Room>, ApiError>({
    queryKey: ['rooms', eventId, offset, limit],
    queryFn: () => api.site.rooms.list(eventId as number, { offset, limit }),
    enabled: eventId !== null,
    staleTime: 60_000,
    retry,
  });

export const useSponsors = (eventId: number | null) =>
  useQuery<ListResult<Sponsor>, ApiError>({
    queryKey: ['sponsors', eventId],
    queryFn: () => api.site.sponsors.list(eventId as number, { limit: 20 }),
    enabled: eventId !== null,
    staleTime: 60_000,
    retry,
  });
