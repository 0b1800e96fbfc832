import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiError, Lecture, ListResult, Room, RoomDay } from '@plataforma/adapter';
import { api } from '../../shared/api';

/** The day's list is asked again now and then (a lecture added or moved by staff). */
const LECTURES_REFETCH_MS = 5 * 60_000;

/** Query keys of a congress room: the room, its lectures of a day, its programme by day. */
export const lectureKeys = {
  all: ['room'] as const,
  room: (roomId: number | null) => [...lectureKeys.all, roomId] as const,
  lectures: (roomId: number | null, date: string) => [...lectureKeys.all, roomId, 'lectures', date] as const,
  schedule: (roomId: number | null) => [...lectureKeys.all, roomId, 'schedule'] as const,
};

/**
 * The room of both lecture screens. Not tried again: the lecture screen sends the visitor to
 * the entrance hall as soon as it answers 400 or more (SPEC §2.4).
 */
export const roomQuery = (roomId: number | null) =>
  queryOptions<Room, ApiError>({
    queryKey: lectureKeys.room(roomId),
    queryFn: () => api.site.rooms.get(roomId as number),
    enabled: roomId !== null,
    retry: false,
  });

export const useRoom = (roomId: number | null) => useQuery(roomQuery(roomId));

/** The visitor's lectures of a room on a day (in the event's zone); not tried again, like the room. */
export const roomLecturesQuery = (roomId: number | null, date: string, enabled: boolean) =>
  queryOptions<ListResult<Lecture>, ApiError>({
    queryKey: lectureKeys.lectures(roomId, date),
    queryFn: () => api.site.lectures.me({ roomId: roomId as number, startDate: date }),
    enabled: roomId !== null && enabled,
    refetchInterval: LECTURES_REFETCH_MS,
    retry: false,
  });

export const useRoomLectures = (roomId: number | null, date: string, enabled: boolean) =>
  useQuery(roomLecturesQuery(roomId, date, enabled));

/** congresso/salas/{roomId}: the room's programme by day. */
export const roomScheduleQuery = (roomId: number | null) =>
  queryOptions<RoomDay[], ApiError>({
    queryKey: lectureKeys.schedule(roomId),
    queryFn: () => api.site.rooms.schedule(roomId as number),
    enabled: roomId !== null,
    staleTime: 60_000,
  });

export const useRoomSchedule = (roomId: number | null) => useQuery(roomScheduleQuery(roomId));

/** A lecture heartbeat (POST /watch/heartbeat): the signed-in client watched it these last seconds (decision 047). */
export const sendHeartbeat = (lectureId: number): Promise<unknown> => api.site.watch.heartbeat({ lectureId });
