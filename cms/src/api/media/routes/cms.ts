import type { Core } from '@strapi/strapi';
import { ApiError, mediaInputSchema, mediaPaths, mediaUpdateSchema, parseId } from '@plataforma/adapter';
import { guarded, resourceRoutes, type ContextLike, type PreparedWrite, type RouteDef, type Where } from '@plataforma/adapter/server';
import type { z } from 'zod';
import { logChanges } from '../../../http/changes';
import { filesOfRow, takeFiles, type FileField } from '../../../http/files';
import { removalRoute } from '../../../http/removal';
import { cmsRouter, dbOf } from '../../../http/router';
import { attendantStandScope } from '../../stand/scope';
import { siteMediaSpec } from '../wire';
import { uploadCap } from '../../../http/multipart-routes';

const UID = 'api::media.media';

type MediaCreate = z.output<typeof mediaInputSchema>;
type MediaUpdate = z.output<typeof mediaUpdateSchema>;

/** An attendant's medias are those of their stands (SPEC §6). */
const mediaScope = (ctx: ContextLike): Where | null => {
  const stands = attendantStandScope(ctx);
  return stands ? { stand: stands } : null;
};

const fileField = (remove: boolean): FileField => ({ field: 'file', kind: 'media', remove, required: 'medias.error.fileRequired' });

/**
 * The medias of the Mídia section (SPEC §2.3, §7), for every staff role: an attendant reads and
 * changes only the medias of their stands, and a stand of someone else answers 404. Saves are
 * multipart with `file` (an image, a video or a PDF, checked on its bytes; required) and
 * `removeFile`; the type (IMAGE, VIDEO or DOCUMENT) is that of the stored file, never the client's.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const log = logChanges(strapi, { one: 'mídia', many: 'mídias' }, 'medias');

  /** A stand the caller may work on, or 404. */
  const ownStand = async (ctx: ContextLike, id: number): Promise<void> => {
    const scope = attendantStandScope(ctx);
    const where = scope ? { $and: [scope, { id }] } : { id };
    if ((await strapi.db.query('api::stand.stand').count({ where })) === 0) throw new ApiError(404, 'api.error.standNotFound');
  };

  const prepareCreate = async (input: MediaCreate, ctx: ContextLike): Promise<PreparedWrite> => {
    await ownStand(ctx, input.standId);
    const files = await takeFiles(strapi, ctx, [fileField(false)], null);
    const type = files.stored.file?.type;
    return {
      data: { stand: input.standId, title: input.title, description: input.description, type, ...files.data },
      onFailure: files.onFailure,
      afterWrite: files.afterWrite,
    };
  };

  const prepareUpdate = async (input: MediaUpdate, ctx: ContextLike): Promise<PreparedWrite> => {
    const current = await filesOfRow(strapi, UID, Number(ctx.params.id), ['file']);
    const files = await takeFiles(strapi, ctx, [fileField(input.removeFile === 1)], current);
    const data: Record<string, unknown> = { ...files.data };
    if (input.title !== undefined) data.title = input.title;
    if (input.description !== undefined) data.description = input.description;
    if (files.stored.file) data.type = files.stored.file.type;
    return { data, onFailure: files.onFailure, afterWrite: files.afterWrite };
  };

  const [list, ...crud] = resourceRoutes(
    dbOf(strapi),
    {
      ...siteMediaSpec,
      path: mediaPaths.cms,
      filters: { standId: { where: (id) => ({ stand: { id } }) } },
      scope: mediaScope,
      notFound: 'api.error.notFound',
      input: {
        create: mediaInputSchema,
        update: mediaUpdateSchema,
        toData: (input, ctx) =>
          ctx.method === 'POST' ? prepareCreate(input as MediaCreate, ctx) : prepareUpdate(input as MediaUpdate, ctx),
        allowMultipart: uploadCap('media'),
      },
    },
    { actions: ['list', 'get', 'create', 'update'], config: { auth: false }, logger: strapi.log, onChange: log },
  );

  // `?standId=` names a stand the caller may see, or the list answers 404 (an attendant asking
  // for another stand's medias learns nothing, not even that it has none).
  const scopedList: RouteDef = {
    ...list,
    handler: guarded(async (ctx) => {
      const standId = ctx.query.standId;
      if (standId !== undefined && standId !== '') await ownStand(ctx, parseId(standId, 'api.error.invalidFilter'));
      await list.handler(ctx);
    }, strapi.log),
  };

  const remove = removalRoute(strapi, {
    uid: UID,
    path: mediaPaths.cms,
    notFound: 'api.error.notFound',
    fileFields: ['file'],
    scope: mediaScope,
    log,
  });
  return cmsRouter([scopedList, ...crud, remove]);
};
