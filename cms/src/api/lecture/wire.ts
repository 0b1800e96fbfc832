import type { Core } from '@strapi/strapi';
import type { z } from 'zod';
import {
  ApiError,
  cmsLectureOrder,
  endsAfterStart,
  formatLectureDate,
  lectureInputSchema,
  lecturePaths,
  lectureUpdateSchema,
  price,
  toCents,
  type CmsLecture,
  type CmsLectureOrderField,
  type Lecture,
} from '@plataforma/adapter';
import type { ContextLike, OrderBy, ResourceSpec } from '@plataforma/adapter/server';
import { lectureIsLocked } from '../../commerce/locked';
import { checkColumnLengths } from '../../http/columns';
import { lockRow } from '../../http/transaction';
import { dateOnly, idOf, orNull, timeOnly } from '../../lib/wire';

export interface LectureRow {
  id: number;
  name: string;
  startDate: string;
  startTime: string;
  endTime: string;
  videoId: string | null;
  value: number | string | null;
  discount: number | string | null;
  installments: number | null;
  room?: {
    id: number;
    name: string;
    event?: {
      id: number;
      exchange: number | string | null;
      timezone: string | null;
      value?: number | string | null;
      discount?: number | string | null;
      ticketOnly?: boolean | number | null;
    } | null;
  } | null;
}

export const LECTURE_COLUMNS = ['id', 'name', 'startDate', 'startTime', 'endTime', 'videoId', 'value', 'discount', 'installments'];
export const LECTURE_POPULATE = {
  room: { select: ['id', 'name'], populate: { event: { select: ['id', 'exchange', 'timezone', 'value', 'discount', 'ticketOnly'] } } },
};

/**
 * A lecture as the site's public reads show it: without its video when it has a price or its
 * event is ticket only and paid (decision 045; `GET /lectures/subscribed/:id` gives it to those
 * with access). The row must carry its event's price (LECTURE_POPULATE does).
 */
export const publicLecture = <T extends { videoId: string | null }>(wire: T, row: LectureRow): T =>
  lectureIsLocked(row, row.room?.event) ? { ...wire, videoId: null } : wire;

/** A lecture as the site reads it; `foreign` converts value and discount by the event's exchange rate. */
export const lectureToWire = (row: LectureRow, foreign = false): Lecture => {
  const money = price({ value: row.value, discount: row.discount, exchange: row.room?.event?.exchange }, foreign);
  const startDate = dateOnly(row.startDate) ?? '';
  return {
    id: row.id,
    name: row.name,
    startDate,
    formattedStartDate: startDate ? formatLectureDate(startDate) : '',
    startTime: timeOnly(row.startTime) ?? '00:00:00',
    endTime: timeOnly(row.endTime) ?? '00:00:00',
    videoId: orNull(row.videoId),
    value: money.value,
    discount: money.discount,
    discountValue: money.discountValue,
    hasDiscount: money.hasDiscount,
    currency: money.currency,
    installments: row.installments ?? 1,
    room: row.room ? { id: row.room.id, name: row.room.name, eventId: idOf(row.room.event) } : null,
    timezone: row.room?.event?.timezone || 'America/Sao_Paulo',
  };
};

export interface CmsLectureRow extends LectureRow {
  speakers?: Array<{ id: number; name: string }> | null;
}

export const CMS_LECTURE_POPULATE = { ...LECTURE_POPULATE, speakers: { select: ['id', 'name'], orderBy: [{ name: 'asc' }] } };

/** A lecture as the back office reads it: the site's shape with its speakers. */
export const cmsLectureToWire = (row: CmsLectureRow, foreign = false): CmsLecture => ({
  ...lectureToWire(row, foreign),
  speakers: (row.speakers ?? []).map((speaker) => ({ id: speaker.id, name: speaker.name })),
});

const UID = 'api::lecture.lecture';
const ROOM_UID = 'api::room.room';
const SPEAKER_UID = 'api::speaker.speaker';

/** 'HH:mm[:ss]' as stored ('HH:mm:ss.SSS'), so hours compare as text on both databases. */
const storedTime = (value: string): string => `${timeOnly(value) ?? '00:00:00'}.000`;

type LectureInputParsed = z.infer<typeof lectureUpdateSchema>;

/** Speakers must be of the event the lecture's room belongs to. */
const checkSpeakers = async (strapi: Core.Strapi, roomId: number, speakerIds: readonly number[]): Promise<void> => {
  const ids = [...new Set(speakerIds)];
  if (ids.length === 0) return;
  const room = (await strapi.db
    .query(ROOM_UID)
    .findOne({ where: { id: roomId }, select: ['id'], populate: { event: { select: ['id'] } } })) as {
    event: { id: number } | null;
  } | null;
  const eventId = room?.event?.id;
  const found = eventId ? await strapi.db.query(SPEAKER_UID).count({ where: { id: { $in: ids }, event: { id: eventId } } }) : 0;
  if (found !== ids.length) throw new ApiError(400, 'lectures.error.invalidSpeakers');
};

/**
 * The rules of a lecture's save: its room exists, it ends after it starts, its discount is not
 * above its value, its speakers are of the room's event, and it overlaps no other lecture of
 * the room on that day (409). The save runs in a transaction (`inTransaction`) and locks the
 * room's row before it reads the room's lectures: two saves into one room run one after the
 * other, so the second sees the first and cannot overlap it (PostgreSQL: `FOR UPDATE` on the
 * room; SQLite: one writer and one connection, so the transactions are serial already).
 */
export const lectureData = async (strapi: Core.Strapi, input: LectureInputParsed, id?: number): Promise<Record<string, unknown>> => {
  checkColumnLengths(strapi, UID, input);
  const current = id
    ? ((await strapi.db.query(UID).findOne({
        where: { id },
        select: ['id', 'startDate', 'startTime', 'endTime', 'value', 'discount'],
        populate: { room: { select: ['id'] }, speakers: { select: ['id'] } },
      })) as CmsLectureRow | null)
    : null;
  const roomId = input.roomId ?? current?.room?.id;
  if (!roomId || !(await lockRow(strapi, ROOM_UID, roomId))) throw new ApiError(404, 'api.error.roomNotFound');
  const startDate = input.startDate ?? dateOnly(current?.startDate) ?? '';
  const startTime = storedTime(input.startTime ?? current?.startTime ?? '');
  const endTime = storedTime(input.endTime ?? current?.endTime ?? '');
  if (!endsAfterStart(startTime, endTime)) throw new ApiError(400, 'lectures.error.endBeforeStart');
  if (toCents(input.discount ?? current?.discount) > toCents(input.value ?? current?.value))
    throw new ApiError(400, 'api.error.discountAboveValue');
  const clashes = await strapi.db.query(UID).count({
    where: {
      room: { id: roomId },
      startDate,
      startTime: { $lt: endTime },
      endTime: { $gt: startTime },
      ...(id ? { id: { $ne: id } } : {}),
    },
  });
  if (clashes > 0) throw new ApiError(409, 'lectures.error.overlap');
  const movesRoom = current !== null && input.roomId !== undefined && input.roomId !== current.room?.id;
  const speakerIds = input.speakerIds ?? (movesRoom ? (current?.speakers ?? []).map((speaker) => speaker.id) : undefined);
  if (speakerIds) await checkSpeakers(strapi, roomId, speakerIds);

  const { roomId: _room, speakerIds: _speakers, ...fields } = input;
  const data: Record<string, unknown> = { ...fields, startDate, startTime, endTime };
  if (input.roomId !== undefined) data.room = input.roomId;
  if (input.speakerIds !== undefined) data.speakers = [...new Set(input.speakerIds)];
  if (input.installments !== undefined) data.installments = Math.max(1, input.installments);
  return data;
};

/** Lectures for the back office: any event's, with their speakers; `eventId` and `roomId` filter, by day and hour. */
export const cmsLectureSpec = (strapi: Core.Strapi): ResourceSpec<CmsLectureRow, CmsLecture, CmsLectureOrderField> => ({
  uid: UID,
  path: lecturePaths.cms,
  searchFields: ['name'],
  order: cmsLectureOrder,
  orderBy: ({ field, direction }): OrderBy =>
    field === 'startDate'
      ? [{ startDate: direction }, { startTime: direction }, { id: direction }]
      : [{ [field]: direction }, { id: direction }],
  filters: {
    eventId: { where: (id) => ({ room: { event: { id } } }), exists: { uid: 'api::event.event', notFound: 'api.error.eventNotFound' } },
    roomId: { where: (id) => ({ room: { id } }), exists: { uid: ROOM_UID, notFound: 'api.error.roomNotFound' } },
  },
  select: LECTURE_COLUMNS,
  populate: CMS_LECTURE_POPULATE,
  notFound: 'api.error.lectureNotFound',
  toWire: (row) => cmsLectureToWire(row),
  input: {
    create: lectureInputSchema,
    update: lectureUpdateSchema,
    toData: async (raw: unknown, ctx: ContextLike) => ({
      data: await lectureData(strapi, raw as LectureInputParsed, ctx.method === 'POST' ? undefined : Number(ctx.params.id)),
    }),
  },
});
