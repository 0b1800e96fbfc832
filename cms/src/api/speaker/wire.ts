import type { Core } from '@strapi/strapi';
import type { z } from 'zod';
import {
  ApiError,
  speakerInputSchema,
  speakerOrder,
  speakerPaths,
  speakerUpdateSchema,
  type Speaker,
  type SpeakerOrderField,
} from '@plataforma/adapter';
import type { ContextLike, PreparedWrite, ResourceSpec } from '@plataforma/adapter/server';
import { checkColumnLengths } from '../../http/columns';
import { eventFilter, publishedEventFilter } from '../../http/filters';
import { IMAGE_FIELDS, fileUrl, idOf, imageSources, orNull, type FileRow } from '../../lib/wire';
import { removeUploads, takeUpload } from '../../storage';
import { removeFreedFiles } from '../event/cascade';
import { uploadCap } from '../../http/multipart-routes';

const UID = 'api::speaker.speaker';

export interface SpeakerRow {
  id: number;
  name: string;
  title: string | null;
  description: string | null;
  event?: { id: number } | null;
  image?: FileRow | null;
  lectures?: Array<{ id: number; name: string }> | null;
}

export const speakerToWire = (row: SpeakerRow): Speaker => ({
  id: row.id,
  eventId: idOf(row.event),
  name: row.name,
  title: orNull(row.title),
  description: orNull(row.description),
  image: fileUrl(row.image),
  imageSources: imageSources(row.image),
  lectures: (row.lectures ?? []).map((lecture) => ({ id: lecture.id, name: lecture.name })),
});

type SpeakerInput = z.infer<typeof speakerUpdateSchema> & { eventId?: number };

/**
 * A speaker's save: multipart with an optional photo (`image`, images only, checked on its
 * bytes) and `removeImage`. The photo is stored last, after every check; a failed write
 * removes it (onFailure) and a replaced or removed photo goes once the write succeeded.
 */
const speakerData = async (strapi: Core.Strapi, input: SpeakerInput, ctx: ContextLike): Promise<PreparedWrite> => {
  const { eventId, removeImage, ...fields } = input;
  const data: Record<string, unknown> = { ...fields };
  checkColumnLengths(strapi, UID, data);
  let old: number | null = null;
  if (ctx.method === 'POST') {
    if (!eventId || (await strapi.db.query('api::event.event').count({ where: { id: eventId } })) === 0)
      throw new ApiError(404, 'api.error.eventNotFound');
    data.event = eventId;
  } else {
    const current = (await strapi.db
      .query(UID)
      .findOne({ where: { id: Number(ctx.params.id) }, select: ['id'], populate: { image: { select: ['id'] } } })) as SpeakerRow | null;
    old = current?.image?.id ?? null;
  }
  const stored = await takeUpload(strapi, ctx, 'image', 'image');
  if (stored) data.image = stored.id;
  else if (removeImage === 1) data.image = null;
  const replaced = old !== null && (stored !== null || removeImage === 1) ? [old] : [];
  return {
    data,
    onFailure: stored ? () => removeUploads(strapi, [stored.id]) : undefined,
    afterWrite: replaced.length > 0 ? () => removeFreedFiles(strapi, replaced) : undefined,
  };
};

/** Speakers of the events (admin), with their photo and lectures; `eventId` filters. */
export const cmsSpeakerSpec = (strapi: Core.Strapi): ResourceSpec<SpeakerRow, Speaker, SpeakerOrderField> => ({
  uid: UID,
  path: speakerPaths.cms,
  searchFields: ['name', 'title'],
  order: speakerOrder,
  filters: { eventId: eventFilter },
  select: ['id', 'name', 'title', 'description'],
  populate: {
    event: { select: ['id'] },
    image: IMAGE_FIELDS,
    lectures: { select: ['id', 'name'], orderBy: [{ startDate: 'asc' }, { startTime: 'asc' }] },
  },
  notFound: 'api.error.speakerNotFound',
  toWire: speakerToWire,
  input: {
    create: speakerInputSchema,
    update: speakerUpdateSchema,
    toData: (raw: unknown, ctx: ContextLike) => speakerData(strapi, raw as SpeakerInput, ctx),
    allowMultipart: uploadCap('image'),
  },
});

/**
 * The speakers' directory of a published event (the site, no token): `eventId` required,
 * 404 for an unknown or unpublished event; each speaker with their lectures in day and hour order.
 */
export const siteSpeakerSpec: ResourceSpec<SpeakerRow, Speaker, SpeakerOrderField> = {
  uid: UID,
  path: speakerPaths.site,
  searchFields: ['name', 'title'],
  order: speakerOrder,
  filters: { eventId: publishedEventFilter },
  select: ['id', 'name', 'title', 'description'],
  populate: {
    event: { select: ['id'] },
    image: IMAGE_FIELDS,
    lectures: { select: ['id', 'name'], orderBy: [{ startDate: 'asc' }, { startTime: 'asc' }] },
  },
  toWire: speakerToWire,
};
