import type { Core } from '@strapi/strapi';
import { ApiError, eventPaths, parseId } from '@plataforma/adapter';
import { parseIds, reply, resourceRoutes, type Action, type ResourceSpec } from '@plataforma/adapter/server';
import { logChanges } from '../../../http/changes';
import { eventRules } from '../rules';
import { cmsRouter, dbOf, routeFor } from '../../../http/router';
import { deleteTree, eventDependents, eventTree, refuseWhenOrdered, removeFreedFiles, UID } from '../cascade';
import { eventSaves } from '../save';
import { cmsEventSpec, featuredEventSpec, privateEventSpec, type EventRow } from '../wire';

const CONFIG = { auth: false as const };

/**
 * Events for admins (the events list and the editor's 'Informações básicas'): every event,
 * published or not; what deleting one takes with it; the delete of an event and all that
 * belongs to it in one transaction.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const log = logChanges(strapi, eventRules.labels, eventRules.logAction);
  const define = routeFor(strapi);
  const reads = <W>(spec: ResourceSpec<EventRow, W, 'id' | 'name' | 'startDate'>, actions: Action[]) =>
    resourceRoutes(dbOf(strapi), spec, { actions, config: CONFIG, logger: strapi.log });

  const dependents = define({
    method: 'GET',
    path: eventPaths.dependents,
    config: CONFIG,
    handler: async (ctx) => {
      const id = parseId(ctx.params.id);
      if ((await strapi.db.query(UID.event).count({ where: { id } })) === 0) throw new ApiError(404, 'api.error.eventNotFound');
      return reply(await eventDependents(strapi, id));
    },
  });

  const remove = define({
    method: 'DELETE',
    path: eventPaths.cms,
    config: CONFIG,
    handler: async (ctx) => {
      const ids = parseIds(ctx.query, ctx.request.body);
      // One transaction: the read of what belongs to the events and every delete, or nothing.
      const deleted = await strapi.db.transaction(async () => {
        const rows = (await strapi.db.query(UID.event).findMany({ where: { id: { $in: ids } }, select: ['id'] })) as Array<{ id: number }>;
        if (rows.length === 0) throw new ApiError(404, 'api.error.eventNotFound');
        const events = rows.map((row) => row.id);
        const tree = await eventTree(strapi, events);
        await refuseWhenOrdered(strapi, { events, lectures: tree.lecture, coupons: tree.coupon });
        return { events, files: await deleteTree(strapi, tree) };
      });
      // After the commit: the files of the deleted rows that nothing else links (a file may be shared).
      await removeFreedFiles(strapi, deleted.files);
      await log({ action: 'delete', ids: deleted.events, ctx });
      return reply({ ids, count: deleted.events.length }, 'api.deleted');
    },
  });

  return cmsRouter([
    // Before `/events/:id`, which would take 'featured' for an id.
    ...reads(featuredEventSpec, ['list']),
    ...reads(privateEventSpec, ['get']),
    dependents,
    ...reads(cmsEventSpec, ['list', 'get']),
    ...eventSaves(strapi, log),
    remove,
  ]);
};
