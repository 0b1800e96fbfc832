import type { Core } from '@strapi/strapi';
import { ApiError, ok } from '@plataforma/adapter';
import { guarded, resourceRoutes, type RouteDef } from '@plataforma/adapter/server';
import { logChanges } from '../../../activity/changes';
import { logActivity } from '../../../activity/log';
import { clearFailures } from '../../../auth/challenges';
import { identityOf } from '../../../auth/identity';
import { e164, smsSender } from '../../../auth/sms';
import { STAFF_COLUMNS, staffToWire, type StaffRow } from '../../../auth/wire';
import { cmsRouter, dbOf } from '../../../lib/router';
import { staffUserSpec } from '../wire';

const UID = 'api::staff-user.staff-user';

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const log = logChanges(strapi, { one: 'usuário', many: 'usuários' }, 'users');

  const me: RouteDef = {
    method: 'GET',
    path: '/users/me',
    config: { auth: false },
    handler: guarded(async (ctx) => {
      const who = identityOf(ctx.state);
      if (!who || who.kind !== 'staff') throw new ApiError(401, 'api.error.unauthorized');
      const row = (await strapi.db.query(UID).findOne({ where: { id: who.id }, select: STAFF_COLUMNS })) as StaffRow | null;
      if (!row) throw new ApiError(401, 'api.error.unauthorized');
      ctx.body = ok(staffToWire(row));
    }, strapi.log),
  };

  const crud = resourceRoutes(dbOf(strapi), staffUserSpec(strapi), {
    actions: ['list', 'get', 'create', 'update', 'delete'],
    config: { auth: false },
    logger: strapi.log,
    beforeDelete: async (ids, ctx) => {
      const who = identityOf(ctx.state);
      if (who && ids.includes(who.id)) throw new ApiError(400, 'users.error.cannotDeleteSelf');
      const adminsLeft = await strapi.db.query(UID).count({ where: { role: 'admin', id: { $notIn: ids } } });
      if (adminsLeft === 0) throw new ApiError(400, 'users.error.lastAdmin');
    },
    onChange: async (change) => {
      await log(change);
      const { ctx } = change;
      if (change.action === 'create' && typeof ctx.state.temporaryPassword === 'string') {
        const user = (await strapi.db
          .query(UID)
          .findOne({ where: { id: change.ids[0] }, select: ['name', 'ddi', 'ddd', 'phone'] })) as StaffRow;
        const phone = e164(user);
        if (phone) {
          await smsSender(strapi.log).send(
            phone,
            `Olá, ${user.name.split(' ')[0]}! Você foi cadastrado na Plataforma. Sua senha provisória é ${ctx.state.temporaryPassword}. No primeiro acesso você criará a sua senha.`,
          );
        }
        delete ctx.state.temporaryPassword;
      }
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
