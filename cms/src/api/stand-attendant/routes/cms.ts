import type { Core } from '@strapi/strapi';
import { ApiError, parseId, standAttendantInputSchema, standPaths } from '@plataforma/adapter';
import { created, parseIds, reply } from '@plataforma/adapter/server';
import { STAFF_UID } from '../../../auth/accounts';
import { logChanges } from '../../../http/changes';
import { cmsRouter, routeFor } from '../../../http/router';
import { ATTENDANT_POPULATE, ATTENDANT_UID as UID, hasUser, standAttendantToWire, type StandAttendantRow } from '../wire';

/**
 * The attendants of a stand (SPEC §2.3, §7): `GET`, `POST { userId }` and `DELETE ?ids=` on
 * /stands/:id/attendants, for admins. Only staff users with the attendant role can be
 * assigned, each once; ids of a delete are assignment ids of that stand.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const route = routeFor(strapi);
  const log = logChanges(strapi, { one: 'vínculo de atendente', many: 'vínculos de atendentes' }, 'standAttendants');

  const standOf = async (raw: string | undefined): Promise<number> => {
    const id = parseId(raw);
    if ((await strapi.db.query('api::stand.stand').count({ where: { id } })) === 0) throw new ApiError(404, 'api.error.standNotFound');
    return id;
  };

  const list = route({
    method: 'GET',
    path: standPaths.attendants,
    config: { auth: false },
    handler: async (ctx) => {
      const standId = await standOf(ctx.params.id);
      const rows = (await strapi.db
        .query(UID)
        .findMany({ where: { stand: { id: standId } }, populate: ATTENDANT_POPULATE, orderBy: { id: 'asc' } })) as StandAttendantRow[];
      const shown = rows.filter(hasUser).map((row) => standAttendantToWire(row, standId));
      return reply({ rows: shown, count: shown.length });
    },
  });

  const assign = route({
    method: 'POST',
    path: standPaths.attendants,
    config: { auth: false },
    body: standAttendantInputSchema,
    handler: async (ctx, { userId }) => {
      const standId = await standOf(ctx.params.id);
      const user = (await strapi.db
        .query(STAFF_UID)
        .findOne({ where: { id: userId }, select: ['id', 'name', 'email', 'role', 'ddd', 'phone'] })) as
        (NonNullable<StandAttendantRow['user']> & { role: string }) | null;
      if (!user || user.role !== 'attendant') throw new ApiError(400, 'stands.error.notAttendant');
      const id = await strapi.db.transaction(async () => {
        const taken = await strapi.db.query(UID).count({ where: { stand: { id: standId }, user: { id: userId } } });
        if (taken > 0) throw new ApiError(409, 'stands.error.alreadyAssigned');
        return ((await strapi.db.query(UID).create({ data: { stand: standId, user: userId }, select: ['id'] })) as { id: number }).id;
      });
      await log({ action: 'create', ids: [id], ctx });
      return created(standAttendantToWire({ id, user }, standId));
    },
  });

  const unassign = route({
    method: 'DELETE',
    path: standPaths.attendants,
    config: { auth: false },
    handler: async (ctx) => {
      const standId = await standOf(ctx.params.id);
      const asked = parseIds(ctx.query, ctx.request.body);
      const rows = (await strapi.db
        .query(UID)
        .findMany({ where: { id: { $in: asked }, stand: { id: standId } }, select: ['id'], orderBy: { id: 'asc' } })) as Array<{
        id: number;
      }>;
      if (rows.length === 0) throw new ApiError(404, 'api.error.notFound');
      const ids = rows.map((row) => row.id);
      await strapi.db.query(UID).deleteMany({ where: { id: { $in: ids } } });
      await log({ action: 'delete', ids, ctx });
      return reply({ ids, count: ids.length }, 'api.deleted');
    },
  });

  return cmsRouter([list, assign, unassign]);
};
