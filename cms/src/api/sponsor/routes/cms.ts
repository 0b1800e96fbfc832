import type { Core } from '@strapi/strapi';
import {
  ApiError,
  sponsorInputSchema,
  sponsorPaths,
  sponsorUpdateSchema,
  type CmsSponsor,
  type SponsorOrderField,
} from '@plataforma/adapter';
import { resourceRoutes, type ContextLike, type PreparedWrite, type ResourceSpec } from '@plataforma/adapter/server';
import type { z } from 'zod';
import { logChanges } from '../../../http/changes';
import { filesOfRow, takeFiles, type FileField } from '../../../http/files';
import { removalRoute } from '../../../http/removal';
import { cmsRouter, dbOf } from '../../../http/router';
import { cmsSponsorToWire, siteSponsorSpec, type SponsorRow } from '../wire';
import { uploadCap } from '../../../http/multipart-routes';

const UID = 'api::sponsor.sponsor';

type SponsorCreate = z.output<typeof sponsorInputSchema>;
type SponsorUpdate = z.output<typeof sponsorUpdateSchema>;

/** The attributes a save writes: the input without its flags and parent, undefined values left out. */
const attributes = (input: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(input).filter(([key, value]) => value !== undefined && key !== 'removeImage' && key !== 'eventId'));

const imageField = (remove: boolean): FileField => ({ field: 'image', kind: 'image', remove, required: 'sponsors.error.imageRequired' });

/**
 * Sponsors of an event for admins (the event editor's 'Patrocinadores'): CRUD, multipart with
 * `image` (required, images only) and `removeImage`; type master, premium or supporter; a new
 * sponsor goes after the event's others unless a position is given.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const log = logChanges(strapi, { one: 'patrocinador', many: 'patrocinadores' }, 'sponsors');

  const nextPosition = async (eventId: number): Promise<number> => {
    const last = (await strapi.db
      .query(UID)
      .findOne({ where: { event: { id: eventId } }, select: ['position'], orderBy: { position: 'desc' } })) as {
      position: number | null;
    } | null;
    return (last?.position ?? 0) + 1;
  };

  const prepareCreate = async (input: SponsorCreate, ctx: ContextLike): Promise<PreparedWrite> => {
    if ((await strapi.db.query('api::event.event').count({ where: { id: input.eventId } })) === 0)
      throw new ApiError(404, 'api.error.eventNotFound');
    const data = { ...attributes(input), event: input.eventId, position: input.position ?? (await nextPosition(input.eventId)) };
    const files = await takeFiles(strapi, ctx, [imageField(false)], null);
    return { data: { ...data, ...files.data }, onFailure: files.onFailure, afterWrite: files.afterWrite };
  };

  const prepareUpdate = async (input: SponsorUpdate, ctx: ContextLike): Promise<PreparedWrite> => {
    const current = await filesOfRow(strapi, UID, Number(ctx.params.id), ['image']);
    const files = await takeFiles(strapi, ctx, [imageField(input.removeImage === 1)], current);
    return { data: { ...attributes(input), ...files.data }, onFailure: files.onFailure, afterWrite: files.afterWrite };
  };

  const spec: ResourceSpec<SponsorRow, CmsSponsor, SponsorOrderField> = {
    ...siteSponsorSpec,
    path: sponsorPaths.cms,
    filters: {
      eventId: { where: (id) => ({ event: { id } }), exists: { uid: 'api::event.event', notFound: 'api.error.eventNotFound' } },
    },
    toWire: cmsSponsorToWire,
    input: {
      create: sponsorInputSchema,
      update: sponsorUpdateSchema,
      toData: (input, ctx) =>
        ctx.method === 'POST' ? prepareCreate(input as SponsorCreate, ctx) : prepareUpdate(input as SponsorUpdate, ctx),
      allowMultipart: uploadCap('image'),
    },
  };
  const crud = resourceRoutes(dbOf(strapi), spec, {
    actions: ['list', 'get', 'create', 'update'],
    config: { auth: false },
    logger: strapi.log,
    onChange: log,
  });
  const remove = removalRoute(strapi, { uid: UID, path: sponsorPaths.cms, notFound: 'api.error.notFound', fileFields: ['image'], log });
  return cmsRouter([...crud, remove]);
};
