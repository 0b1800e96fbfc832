import crypto from 'node:crypto';
import type { Core } from '@strapi/strapi';
import {
  ApiError,
  formatLectureDate,
  lectureOrder,
  lecturePaths,
  ok,
  parseId,
  parseOrder,
  roomPaths,
  type RoomDay,
} from '@plataforma/adapter';
import { reply, type Reply, type RouteContext, type RouteDef } from '@plataforma/adapter/server';
import { lectureIsLocked } from '../../../commerce/locked';
import { PUBLIC, routeFor, siteRouter } from '../../../http/router';
import { dateOnly, queryFlag, timeOnly } from '../../../lib/wire';
import {
  CMS_LECTURE_POPULATE,
  LECTURE_COLUMNS,
  LECTURE_POPULATE,
  cmsLectureToWire,
  publicLecture,
  lectureToWire,
  type CmsLectureRow,
  type LectureRow,
} from '../wire';

const UID = 'api::lecture.lecture';
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const parseDate = (value: unknown): string | undefined => {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !ISO_DATE.test(value) || Number.isNaN(Date.parse(value)))
    throw new ApiError(400, 'api.error.invalidFilter');
  return value;
};

/** Every day from start to end (inclusive), at most 60. */
export const eventDays = (start: string, end: string | null): string[] => {
  const days: string[] = [];
  const first = Date.parse(`${start}T00:00:00Z`);
  const last = end ? Date.parse(`${end}T00:00:00Z`) : first;
  for (let t = first; t <= last && days.length < 60; t += 86_400_000) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
};

/**
 * Lecture reads of the site (SPEC §7): a room's lectures of a day (the lecture screen), an
 * event's lectures with their speakers (the programme; with the foreign-currency variant), one lecture, and a room's
 * programme by day (the room-per-date modal; cacheable, with an ETag).
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const findRoom = async (id: number) => {
    const found = (await strapi.db.query('api::room.room').findOne({
      where: { id, event: { published: true } },
      select: ['id', 'name'],
      populate: { event: { select: ['id', 'startDate', 'endDate', 'value', 'discount', 'ticketOnly'] } },
    })) as {
      id: number;
      name: string;
      event: {
        id: number;
        startDate: string;
        endDate: string | null;
        value: number | string | null;
        discount: number | string | null;
        ticketOnly: boolean | number | null;
      } | null;
    } | null;
    if (!found || !found.event) throw new ApiError(404, 'api.error.roomNotFound');
    return found;
  };

  const define = routeFor(strapi);
  const route = (path: string, handler: (ctx: RouteContext) => Promise<Reply | void>): RouteDef =>
    define({ method: 'GET', path, config: PUBLIC, handler });
  const lecturesOf = (ctx: RouteContext, rows: LectureRow[]) =>
    reply({ rows: rows.map((row) => publicLecture(lectureToWire(row, queryFlag(ctx.query.foreign)), row)), count: rows.length });

  return siteRouter([
    route(lecturePaths.roomDay, async (ctx) => {
      const roomId = parseId(ctx.query.roomId, 'api.error.invalidFilter');
      const startDate = parseDate(ctx.query.startDate);
      const order = parseOrder(ctx.query.order, lectureOrder);
      await findRoom(roomId);
      const rows = (await strapi.db.query(UID).findMany({
        where: { room: { id: roomId }, ...(startDate ? { startDate } : {}) },
        select: LECTURE_COLUMNS,
        populate: LECTURE_POPULATE,
        orderBy: [{ [order.field]: order.direction }, { id: 'asc' }],
        limit: 200,
      })) as LectureRow[];
      return lecturesOf(ctx, rows);
    }),

    route(lecturePaths.ofEvent, async (ctx) => {
      const eventId = parseId(ctx.params.eventId);
      const event = await strapi.db.query('api::event.event').count({ where: { id: eventId, published: true } });
      if (event === 0) throw new ApiError(404, 'api.error.eventNotFound');
      // The event's programme (its public page): each lecture with its speakers.
      const rows = (await strapi.db.query(UID).findMany({
        where: { room: { event: { id: eventId } } },
        select: LECTURE_COLUMNS,
        populate: CMS_LECTURE_POPULATE,
        orderBy: [{ startDate: 'asc' }, { startTime: 'asc' }, { id: 'asc' }],
        limit: 1000,
      })) as CmsLectureRow[];
      const foreign = queryFlag(ctx.query.foreign);
      return reply({ rows: rows.map((row) => publicLecture(cmsLectureToWire(row, foreign), row)), count: rows.length });
    }),

    route(lecturePaths.one, async (ctx) => {
      const row = (await strapi.db.query(UID).findOne({
        where: { id: parseId(ctx.params.id), room: { event: { published: true } } },
        select: LECTURE_COLUMNS,
        populate: LECTURE_POPULATE,
      })) as LectureRow | null;
      if (!row) throw new ApiError(404, 'api.error.lectureNotFound');
      return reply(publicLecture(lectureToWire(row, queryFlag(ctx.query.foreign)), row));
    }),

    route(roomPaths.schedule, async (ctx) => {
      const found = await findRoom(parseId(ctx.params.id));
      const event = found.event as NonNullable<typeof found.event>;
      const days = eventDays(dateOnly(event.startDate) ?? '', dateOnly(event.endDate));
      const rows = (await strapi.db.query(UID).findMany({
        where: { room: { id: found.id } },
        select: ['id', 'name', 'startDate', 'startTime', 'endTime', 'videoId', 'value', 'discount'],
        orderBy: [{ startDate: 'asc' }, { startTime: 'asc' }, { id: 'asc' }],
        limit: 1000,
      })) as LectureRow[];
      const schedule: RoomDay[] = days.map((date) => ({
        date,
        label: formatLectureDate(date),
        lectures: rows
          .filter((row) => dateOnly(row.startDate) === date)
          .map((row) => ({
            id: row.id,
            theme: row.name,
            hour: `${(timeOnly(row.startTime) ?? '').slice(0, 5)} - ${(timeOnly(row.endTime) ?? '').slice(0, 5)}`,
            // A priced lecture's link is its video: only `lectures/subscribed` gives it (decision 045).
            link: row.videoId && !lectureIsLocked(row, event) && /^https?:\/\//.test(row.videoId.trim()) ? row.videoId.trim() : null,
          })),
      }));
      const body = ok(schedule);
      const etag = `"${crypto.createHash('sha1').update(JSON.stringify(body)).digest('base64url')}"`;
      ctx.set('Cache-Control', 'public, max-age=60, stale-while-revalidate=300');
      ctx.set('ETag', etag);
      if (ctx.get('if-none-match') === etag) {
        ctx.status = 304;
        ctx.body = null;
        return;
      }
      ctx.body = body;
    }),
  ]);
};
