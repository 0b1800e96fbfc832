import type { Core } from '@strapi/strapi';
import type { z } from 'zod';
import {
  ApiError,
  EVENT_FILE_FIELDS,
  eventInputSchema,
  eventPaths,
  eventUpdateSchema,
  parseId,
  slugWithId,
  toCents,
  type MessageKey,
} from '@plataforma/adapter';
import { created, reply, type RouteContext, type RouteDef } from '@plataforma/adapter/server';
import { checkColumnLengths } from '../../http/columns';
import { routeFor } from '../../http/router';
import { timeOnly, dateOnly, type FileRow } from '../../lib/wire';
import { withUploads, type StoredUpload, type UploadKind } from '../../storage';
import { removeFreedFiles, UID } from './cascade';
import { EVENT_POPULATE, cmsEventToWire, type EventRow } from './wire';
import { uploadCap } from '../../http/multipart-routes';

type FileField = keyof typeof EVENT_FILE_FIELDS;
type EventInput = z.infer<typeof eventUpdateSchema>;
type Change = { action: 'create' | 'update'; ids: number[]; ctx: RouteContext };

/** The event's three images (SPEC §2.3): images only, checked on their bytes. */
const FILES: Record<FileField, UploadKind> = { imageFile: 'image', bannerFile: 'image', thumbFile: 'image' };
/** The attribute each file field fills. */
const ATTRIBUTE = { imageFile: 'image', bannerFile: 'banner', thumbFile: 'thumb' } as const satisfies Record<FileField, string>;
/** The three images are required: the key of each one's absence. */
const REQUIRED: Record<FileField, MessageKey> = {
  imageFile: 'events.error.imageRequired',
  bannerFile: 'events.error.bannerRequired',
  thumbFile: 'events.error.thumbRequired',
};
const FIELDS = Object.keys(FILES) as FileField[];

const CONFIG = { auth: false as const };

export const findEvent = async (strapi: Core.Strapi, id: number): Promise<EventRow | null> =>
  (await strapi.db.query(UID.event).findOne({ where: { id }, populate: EVENT_POPULATE })) as EventRow | null;

const isTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** 'HH:mm[:ss]' as stored. */
const storedTime = (value: string): string => `${timeOnly(value) ?? '00:00:00'}.000`;

/**
 * The rules of an event's fields, on the event as it will be (the saved one with the form's
 * changes): its category exists, it ends after it starts, its discount is not above its value
 * (a free event, value 0, has none), its time zone is a real one, its exchange rate above 0.
 */
export const checkEvent = async (strapi: Core.Strapi, input: EventInput, current: EventRow | null): Promise<void> => {
  if (input.categoryId !== undefined && (await strapi.db.query('api::category.category').count({ where: { id: input.categoryId } })) === 0)
    throw new ApiError(404, 'api.error.categoryNotFound');
  const startDate = input.startDate ?? dateOnly(current?.startDate) ?? '';
  const endDate = input.endDate !== undefined ? input.endDate : dateOnly(current?.endDate);
  const startTime = storedTime(input.startTime ?? current?.startTime ?? '');
  const endTime = input.endTime !== undefined ? input.endTime : current?.endTime;
  if (endDate && endDate < startDate) throw new ApiError(400, 'events.error.endBeforeStart');
  if (endTime && (!endDate || endDate === startDate) && storedTime(endTime) <= startTime)
    throw new ApiError(400, 'events.error.endBeforeStart');
  if (toCents(input.discount ?? current?.discount) > toCents(input.value ?? current?.value))
    throw new ApiError(400, 'api.error.discountAboveValue');
  if (input.timezone !== undefined && !isTimeZone(input.timezone)) throw new ApiError(400, 'events.error.invalidTimezone');
  if (input.exchange !== undefined && toCents(input.exchange) <= 0) throw new ApiError(400, 'api.error.invalidBody');
  // Certificates (decision 050): switched on, exactly one threshold (minutes or a share) and a text.
  const pick = <K extends 'certificateMinMinutes' | 'certificateMinShare' | 'certificateText'>(key: K) =>
    input[key] !== undefined ? input[key] : (current?.[key] ?? null);
  const enabled = input.certificateEnabled !== undefined ? input.certificateEnabled === 1 : Boolean(current?.certificateEnabled);
  if (enabled) {
    const minutes = pick('certificateMinMinutes');
    const share = pick('certificateMinShare');
    if ((minutes === null) === (share === null)) throw new ApiError(400, 'events.error.certificateThreshold');
    if (!pick('certificateText')) throw new ApiError(400, 'events.error.certificateText');
  }
};

/** The form's fields as the event's attributes (files apart). */
const attributes = (input: EventInput): Record<string, unknown> => {
  const {
    categoryId,
    removeImageFile: _image,
    removeBannerFile: _banner,
    removeThumbFile: _thumb,
    installments: _installments,
    published,
    featured,
    ticketOnly,
    certificateEnabled,
    startTime,
    endTime,
    infoPdf,
    mapPdf,
    speakersPdf,
    ...fields
  } = input;
  // The venue's PDFs are files of the event (media attributes), not links: a link given for one
  // cannot be stored, and is refused rather than dropped.
  if ([infoPdf, mapPdf, speakersPdf].some((link) => link !== undefined && link !== null)) throw new ApiError(400, 'api.error.invalidBody');
  const data: Record<string, unknown> = { ...fields };
  if (categoryId !== undefined) data.category = categoryId;
  if (published !== undefined) data.published = published === 1;
  if (featured !== undefined) data.featured = featured === 1;
  if (ticketOnly !== undefined) data.ticketOnly = ticketOnly === 1;
  if (certificateEnabled !== undefined) data.certificateEnabled = certificateEnabled === 1;
  if (startTime !== undefined) data.startTime = storedTime(startTime);
  if (endTime !== undefined) data.endTime = endTime === null ? null : storedTime(endTime);
  // SPEC §5: installments are always 1.
  data.installments = 1;
  return data;
};

/**
 * The editor's saves (SPEC §2.3 'Informações básicas', §5): multipart with the three images.
 * The fields are checked before any file is stored; the files are checked on their bytes and
 * stored (outside any transaction: a transaction on SQLite holds the only connection); then
 * the row and its links are written in one transaction. A failed write removes the new files
 * (withUploads); a replaced file is removed once the write is committed.
 */
export const eventSaves = (strapi: Core.Strapi, onChange: (change: Change) => Promise<void>): RouteDef[] => {
  const define = routeFor(strapi);
  const answer = async (id: number) => cmsEventToWire((await findEvent(strapi, id)) as EventRow);

  const create = define({
    method: 'POST',
    path: eventPaths.cms,
    config: CONFIG,
    allowMultipart: uploadCap(...Object.values(FILES)),
    body: eventInputSchema,
    handler: async (ctx, input) => {
      await checkEvent(strapi, input, null);
      const fields = attributes(input);
      checkColumnLengths(strapi, UID.event, fields);
      const id = await withUploads(strapi, ctx, FILES, async (files) => {
        const images: Record<string, number> = {};
        for (const field of FIELDS) {
          const stored = files[field];
          if (!stored) throw new ApiError(400, REQUIRED[field]);
          images[ATTRIBUTE[field]] = stored.id;
        }
        return strapi.db.transaction(async () => {
          const row = (await strapi.db.query(UID.event).create({
            data: {
              ...fields,
              value: input.value ?? '0.00',
              discount: input.discount ?? '0.00',
              exchange: input.exchange ?? '1.00',
              featured: input.featured === 1,
              ticketOnly: input.ticketOnly === 1,
              certificateEnabled: input.certificateEnabled === 1,
              published: input.published === 1,
              ...images,
            },
            select: ['id'],
          })) as { id: number };
          // The slug leads with the id, as /plataforma/{slug} reads it (idFromSlug): unique by construction.
          await strapi.db
            .query(UID.event)
            .update({ where: { id: row.id }, data: { slug: slugWithId(row.id, input.name) }, select: ['id'] });
          return row.id;
        });
      });
      await onChange({ action: 'create', ids: [id], ctx });
      return created(await answer(id));
    },
  });

  const update = define({
    method: 'PUT',
    path: `${eventPaths.cms}/:id`,
    config: CONFIG,
    allowMultipart: uploadCap(...Object.values(FILES)),
    body: eventUpdateSchema,
    handler: async (ctx, input) => {
      const id = parseId(ctx.params.id);
      const current = await findEvent(strapi, id);
      if (!current) throw new ApiError(404, 'api.error.eventNotFound');
      await checkEvent(strapi, input, current);
      const fields = attributes(input);
      checkColumnLengths(strapi, UID.event, fields);
      const replaced: number[] = [];
      await withUploads(strapi, ctx, FILES, async (files: Record<string, StoredUpload | null>) => {
        const data = { ...fields };
        for (const field of FIELDS) {
          const attribute = ATTRIBUTE[field];
          const old = (current[attribute] as FileRow | null | undefined)?.id ?? null;
          const stored = files[field];
          if (stored) {
            data[attribute] = stored.id;
            if (old) replaced.push(old);
          } else if (input[EVENT_FILE_FIELDS[field]] === 1) {
            // The images are required: one goes only with a new one in its place.
            throw new ApiError(400, REQUIRED[field]);
          }
        }
        if (input.name !== undefined) data.slug = slugWithId(id, input.name);
        await strapi.db.transaction(() => strapi.db.query(UID.event).update({ where: { id }, data, select: ['id'] }));
      });
      await removeFreedFiles(strapi, replaced);
      await onChange({ action: 'update', ids: [id], ctx });
      return reply(await answer(id), 'api.updated');
    },
  });

  return [create, update];
};
