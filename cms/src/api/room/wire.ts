import type { Room } from '@plataforma/adapter';
import type { ResourceSpec } from '@plataforma/adapter/server';
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
export const siteRoomSpec: ResourceSpec<RoomRow, Room, 'id' | 'name' | 'number'> = {
  uid: 'api::room.room',
  path: '/rooms',
  searchFields: ['name'],
  orderFields: { id: 'id', name: 'name', number: 'number' },
  defaultOrder: { field: 'number', direction: 'asc' },
  filters: {
    eventId: {
      where: (id) => ({ event: { id } }),
      required: true,
      exists: { uid: 'api::event.event', notFound: 'api.error.eventNotFound', where: { published: true } },
    },
  },
  select: ['id', 'name', 'link', 'slug', 'number'],
  populate: { event: { select: ['id'] } },
  notFound: 'api.error.roomNotFound',
  toWire: roomToWire,
};
