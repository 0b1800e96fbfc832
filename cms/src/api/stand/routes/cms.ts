import type { Core } from '@strapi/strapi';
import { ApiError, STAND_ATTENDANT_FIELDS, standInputSchema, standPaths, standUpdateSchema, type MessageKey } from '@plataforma/adapter';
import { resourceRoutes, type ContextLike, type PreparedWrite } from '@plataforma/adapter/server';
import type { z } from 'zod';
import { logChanges } from '../../../http/changes';
import { standRules } from '../rules';
import { filesOfRow, takeFiles, type FileField } from '../../../http/files';
import { removalRoute } from '../../../http/removal';
import { cmsRouter, dbOf } from '../../../http/router';
import { removeStandDependents } from '../removal';
import { attendantOf, attendantStandScope } from '../scope';
import { siteStandSpec } from '../wire';
import { uploadCap } from '../../../http/multipart-routes';

const UID = 'api::stand.stand';
const IMAGE_REQUIRED: MessageKey = 'stands.error.imageRequired';

type StandCreate = z.output<typeof standInputSchema>;
type StandUpdate = z.output<typeof standUpdateSchema>;

/** The attributes a save writes: the input without its flags, undefined values left out. */
const attributes = (input: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(input).filter(([key, value]) => value !== undefined && key !== 'removeImage' && key !== 'eventId'));

const nextPosition = async (strapi: Core.Strapi, eventId: number): Promise<number> => {
  const last = (await strapi.db
    .query(UID)
    .findOne({ where: { event: { id: eventId } }, select: ['position'], orderBy: { position: 'desc' } })) as {
    position: number | null;
  } | null;
  return (last?.position ?? 0) + 1;
};

const imageField = (remove: boolean): FileField => ({ field: 'image', kind: 'image', remove, required: IMAGE_REQUIRED });

const prepareCreate = async (strapi: Core.Strapi, input: StandCreate, ctx: ContextLike): Promise<PreparedWrite> => {
  if ((await strapi.db.query('api::event.event').count({ where: { id: input.eventId } })) === 0)
    throw new ApiError(404, 'api.error.eventNotFound');
  const data: Record<string, unknown> = {
    ...attributes(input),
    event: input.eventId,
    // SPEC §4: the type defaults to master; the symposium link is dropped when no type was chosen.
    type: input.type ?? 'master',
    symposium: input.type ? (input.symposium ?? null) : null,
    position: input.position ?? (await nextPosition(strapi, input.eventId)),
  };
  const files = await takeFiles(strapi, ctx, [imageField(false)], null);
  return { data: { ...data, ...files.data }, onFailure: files.onFailure, afterWrite: files.afterWrite };
};

const prepareUpdate = async (strapi: Core.Strapi, input: StandUpdate, ctx: ContextLike): Promise<PreparedWrite> => {
  if (attendantOf(ctx)) {
    // The stands page modal: an attendant changes their stand's texts and image, nothing else.
    const allowed: readonly string[] = STAND_ATTENDANT_FIELDS;
    const other = Object.entries(input).some(([key, value]) => value !== undefined && !allowed.includes(key));
    if (other) throw new ApiError(403, 'stands.error.fieldsNotAllowed');
  }
  const data = attributes(input);
  // A type sent blank drops the symposium link (the type itself stays: a stand always has one).
  const sentType = (ctx.request.body as Record<string, unknown> | undefined)?.type;
  if (!attendantOf(ctx) && sentType !== undefined && !sentType) data.symposium = null;
  const id = Number(ctx.params.id);
  const files = await takeFiles(strapi, ctx, [imageField(input.removeImage === 1)], await filesOfRow(strapi, UID, id, ['image']));
  return { data: { ...data, ...files.data }, onFailure: files.onFailure, afterWrite: files.afterWrite };
};

/**
 * Stands in the back office (SPEC §2.3 'Estandes', §7). Admins see and change every stand; an
 * attendant sees only the stands assigned to them and changes only their texts and image.
 * Saves are multipart with `image` (required on create, images only) and `removeImage`.
 * Deleting a stand takes its attendants' assignments, medias, products, chats and contacts with
 * it, in one transaction, then their files.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const log = logChanges(strapi, standRules.labels, standRules.logAction);
  const crud = resourceRoutes(
    dbOf(strapi),
    {
      ...siteStandSpec,
      path: standPaths.cms,
      filters: {
        eventId: { where: (id) => ({ event: { id } }), exists: { uid: 'api::event.event', notFound: 'api.error.eventNotFound' } },
      },
      scope: attendantStandScope,
      input: {
        create: standInputSchema,
        update: standUpdateSchema,
        toData: (input, ctx) =>
          ctx.method === 'POST' ? prepareCreate(strapi, input as StandCreate, ctx) : prepareUpdate(strapi, input as StandUpdate, ctx),
        allowMultipart: uploadCap('image'),
      },
    },
    { actions: ['list', 'get', 'create', 'update'], config: { auth: false }, logger: strapi.log, onChange: log },
  );
  const remove = removalRoute(strapi, {
    uid: UID,
    path: standPaths.cms,
    notFound: 'api.error.standNotFound',
    fileFields: ['image'],
    dependents: (ids) => removeStandDependents(strapi, ids),
    log,
  });
  return cmsRouter([...crud, remove]);
};
