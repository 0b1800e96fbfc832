import type { Core } from '@strapi/strapi';
import { resourceRoutes } from '@plataforma/adapter/server';
import { logChanges } from '../../../http/changes';
import { roomRules } from '../rules';
import { cmsRouter, dbOf } from '../../../http/router';
import { inTransaction } from '../../../http/transaction';
import { deleteIds, idsUnder, refuseWhenOrdered, UID } from '../../event/cascade';
import { cmsRoomSpec } from '../wire';

/** The event editor's 'Salas' (admin): list, get, create, update; deleting a room deletes its lectures with it. */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const spec = cmsRoomSpec(strapi);
  const options = {
    config: { auth: false as const },
    logger: strapi.log,
    onChange: logChanges(strapi, roomRules.labels, roomRules.logAction),
  };
  return cmsRouter([
    ...resourceRoutes(dbOf(strapi), spec, { ...options, actions: ['list', 'get'] }),
    ...inTransaction(
      strapi,
      resourceRoutes(dbOf(strapi), spec, {
        ...options,
        actions: ['create', 'update', 'delete'],
        beforeDelete: async (ids) => {
          const lectures = await idsUnder(strapi, UID.lecture, 'room', ids);
          await refuseWhenOrdered(strapi, { lectures });
          await deleteIds(strapi, UID.lecture, lectures);
        },
      }),
    ),
  ]);
};
