import { roomPaths, type Room, type RoomInput } from '@plataforma/adapter';
import { resourceApi } from '../api';

/** An event's rooms (list filter `eventId`). */
const rooms = resourceApi<Room, RoomInput>(roomPaths.cms);

export const roomKeys = rooms.keys;
export const roomsListQuery = rooms.listQuery;
export const useSaveRoom = rooms.useSave;
export const useDeleteRooms = rooms.useDelete;
