import type { Core } from '@strapi/strapi';
import { ApiError, userPaths } from '@plataforma/adapter';
import { reply, resourceRoutes } from '@plataforma/adapter/server';
import { logActivity } from '../../../activity/log';
import { STAFF_UID as UID } from '../../../auth/accounts';
import { clearFailures } from '../../../auth/challenges';
import { identityOf } from '../../../auth/identity';
import { STAFF_COLUMNS, staffToWire, type StaffRow } from '../../../auth/wire';
import { logChanges } from '../../../http/changes';
import { cmsRouter, dbOf, routeFor } from '../../../http/router';
import { refuseLastAdmin, staffUserSpec } from '../wire';

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const log = logChanges(strapi, { one: 'usuário', many: 'usuários' }, 'users');

  const me = routeFor(strapi)({
    method: 'GET',
    path: userPaths.me,
    config: { auth: false },
    handler: async (ctx) => {
      const who = identityOf(ctx.state);
      if (!who || who.kind !== 'staff') throw new ApiError(401, 'api.error.unauthorized');
      const row = (await strapi.db.query(UID).findOne({ where: { id: who.id }, select: STAFF_COLUMNS })) as StaffRow | null;
      if (!row) throw new ApiError(401, 'api.error.unauthorized');
      return reply(staffToWire(row));
    },
  });

  const crud = resourceRoutes(dbOf(strapi), staffUserSpec(strapi), {
    actions: ['list', 'get', 'create', 'update', 'delete'],
    config: { auth: false },
    logger: strapi.log,
    beforeDelete: async (ids, ctx) => {
      const who = identityOf(ctx.state);
      if (who && ids.includes(who.id)) throw new ApiError(400, 'users.error.cannotDeleteSelf');
      await refuseLastAdmin(strapi, ids);
    },
    onChange: async (change) => {
      await log(change);
      const { ctx } = change;
      if (change.action === 'update' && (ctx.request.body as { loginLocked?: unknown } | undefined)?.loginLocked === false) {
        await clearFailures(strapi, 'staff', change.ids[0]);
        const who = identityOf(ctx.state);
        await logActivity(strapi, {
          action: 'users.unlock',
          description: `Desbloqueou o acesso do usuário nº ${change.ids[0]}.`,
          actor: who ? { id: who.id, name: who.name, email: who.email, staff: true } : null,
          ip: ctx.ip,
        });
      }
    },
  });

  return cmsRouter([me, ...crud]);
};
