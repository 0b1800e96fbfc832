import { roomOrder, roomPaths, type Room, type RoomOrderField } from '@plataforma/adapter';
import type { ResourceSpec } from '@plataforma/adapter/server';
import { publishedEventFilter } from '../../http/filters';
import { idOf, orNull, textOr } from '../../lib/wire';

export interface RoomRow {
  id: number;
  name: string;
  link: string | null;
  slug: string | null;
  number: number | null;
  event?: { id: number } | null;
}

export const roomToWire = (row: RoomRow): Room => ({
  id: row.id,
  eventId: idOf(row.event),
  name: row.name,
  link: orNull(row.link),
  slug: textOr(row.slug, String(row.id)),
  number: row.number ?? 0,
});

/** Rooms of an event in their order (halls page through them with offset/limit). */
export const siteRoomSpec: ResourceSpec<RoomRow, Room, RoomOrderField> = {
  uid: 'api::room.room',
  path: roomPaths.site,
  searchFields: ['name'],
  order: roomOrder,
  filters: { eventId: publishedEventFilter },
  select: ['id', 'name', 'link', 'slug', 'number'],
  populate: { event: { select: ['id'] } },
  notFound: 'api.error.roomNotFound',
  toWire: roomToWire,
};
