import type { Core } from '@strapi/strapi';
import { ApiError, speakerPaths } from '@plataforma/adapter';
import { parseIds, reply, resourceRoutes } from '@plataforma/adapter/server';
import { logChanges } from '../../../http/changes';
import { cmsRouter, dbOf, routeFor } from '../../../http/router';
import { deleteWithFiles } from '../../event/cascade';
import { cmsSpeakerSpec } from '../wire';

/** Speakers for admins: list, get, create and update (multipart, optional photo), delete with their photos. */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const log = logChanges(strapi, { one: 'palestrante', many: 'palestrantes' }, 'speakers');
  const remove = routeFor(strapi)({
    method: 'DELETE',
    path: speakerPaths.cms,
    config: { auth: false },
    handler: async (ctx) => {
      const ids = parseIds(ctx.query, ctx.request.body);
      const deleted = await deleteWithFiles(strapi, 'api::speaker.speaker', ids);
      if (deleted.length === 0) throw new ApiError(404, 'api.error.speakerNotFound');
      await log({ action: 'delete', ids: deleted, ctx });
      return reply({ ids, count: deleted.length }, 'api.deleted');
    },
  });
  return cmsRouter([
    ...resourceRoutes(dbOf(strapi), cmsSpeakerSpec(strapi), {
      actions: ['list', 'get', 'create', 'update'],
      config: { auth: false },
      logger: strapi.log,
      onChange: log,
    }),
    remove,
  ]);
};
