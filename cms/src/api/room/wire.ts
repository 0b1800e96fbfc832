import type { Core } from '@strapi/strapi';
import type { z } from 'zod';
import {
  ApiError,
  roomInputSchema,
  roomOrder,
  roomPaths,
  roomUpdateSchema,
  slugify,
  type Room,
  type RoomOrderField,
} from '@plataforma/adapter';
import type { ContextLike, ResourceSpec } from '@plataforma/adapter/server';
import { checkColumnLengths } from '../../http/columns';
import { eventFilter, publishedEventFilter } from '../../http/filters';
import { lockRow } from '../../http/transaction';
import { idOf, orNull, textOr } from '../../lib/wire';
import { formCap } from '../../http/multipart-routes';

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

const UID = 'api::room.room';
const EVENT_UID = 'api::event.event';

/** The number after the event's last room (the halls' doors follow `number`). */
const nextNumber = async (strapi: Core.Strapi, eventId: number): Promise<number> => {
  const [last] = (await strapi.db.query(UID).findMany({
    where: { event: { id: eventId } },
    select: ['number'],
    orderBy: [{ number: 'desc' }],
    limit: 1,
  })) as Array<{ number: number | null }>;
  return (last?.number ?? 0) + 1;
};

/** The room's name as a slug, unique in its event ('auditorio', 'auditorio-2'); the venue's URLs use the id. */
const uniqueSlug = async (strapi: Core.Strapi, eventId: number | null, name: string, exceptId?: number): Promise<string> => {
  const base = slugify(name) || 'sala';
  const taken = new Set(
    (
      (await strapi.db.query(UID).findMany({
        where: {
          slug: { $startsWith: base },
          ...(eventId ? { event: { id: eventId } } : {}),
          ...(exceptId ? { id: { $ne: exceptId } } : {}),
        },
        select: ['slug'],
      })) as Array<{ slug: string | null }>
    ).map((row) => row.slug),
  );
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n += 1;
  return `${base}-${n}`;
};

/**
 * Rooms of an event for the back office (the editor's 'Salas'), published or not. Saves run
 * in a transaction (`inTransaction`) holding the event's row, so two rooms created at once
 * get different numbers and slugs.
 */
export const cmsRoomSpec = (strapi: Core.Strapi): ResourceSpec<RoomRow, Room, RoomOrderField> => ({
  ...siteRoomSpec,
  path: roomPaths.cms,
  filters: { eventId: { ...eventFilter, required: true } },
  input: {
    create: roomInputSchema,
    update: roomUpdateSchema,
    // SPEC §7: a room's save may come as a multipart form, of text fields only.
    allowMultipart: formCap,
    toData: async (raw: unknown, ctx: ContextLike) => {
      checkColumnLengths(strapi, UID, raw as Record<string, unknown>);
      if (ctx.method === 'POST') {
        const input = raw as z.infer<typeof roomInputSchema>;
        if (!(await lockRow(strapi, EVENT_UID, input.eventId))) throw new ApiError(404, 'api.error.eventNotFound');
        return {
          data: {
            event: input.eventId,
            name: input.name,
            link: input.link ?? null,
            number: input.number ?? (await nextNumber(strapi, input.eventId)),
            slug: await uniqueSlug(strapi, input.eventId, input.name),
          },
        };
      }
      const input = raw as z.infer<typeof roomUpdateSchema>;
      const id = Number(ctx.params.id);
      const room = (await strapi.db
        .query(UID)
        .findOne({ where: { id }, select: ['id'], populate: { event: { select: ['id'] } } })) as RoomRow;
      const eventId = room.event?.id ?? null;
      if (eventId) await lockRow(strapi, EVENT_UID, eventId);
      const data: Record<string, unknown> = { ...input };
      if (input.name !== undefined) data.slug = await uniqueSlug(strapi, eventId, input.name, id);
      return { data };
    },
  },
});
