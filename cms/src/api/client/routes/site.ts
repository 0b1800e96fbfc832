import type { Core } from '@strapi/strapi';
import { ApiError, clientProfileUpdateSchema, clientRegisterSchema, ok, passwordProblems } from '@plataforma/adapter';
import { guarded, type RouteDef } from '@plataforma/adapter/server';
import { hashPassword } from '../../../auth/accounts';
import { identityOf } from '../../../auth/identity';
import { RateLimiter } from '../../../auth/rate-limit';
import { createSession } from '../../../auth/sessions';
import { access } from '../../../auth/strategy';
import { sessionClient } from '../../../auth/wire';
import { PUBLIC, siteRouter } from '../../../lib/router';
import { CLIENT_COLUMNS, CLIENT_UID, clientData, clientToWire, type ClientRow } from '../wire';

/**
 * POST /clients registers and signs the client in (a full session); GET/PUT /clients/me
 * read and change the own profile — only with a full login: a soft (email-only) session
 * never reads or changes personal data.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const limiter = new RateLimiter(60 * 60 * 1000);
  const own = async (id: number) =>
    (await strapi.db.query(CLIENT_UID).findOne({ where: { id }, select: CLIENT_COLUMNS })) as ClientRow | null;

  const register: RouteDef = {
    method: 'POST',
    path: '/clients',
    config: PUBLIC,
    handler: guarded(async (ctx) => {
      limiter.hit(`register:${ctx.ip}`, Number(process.env.REGISTER_PER_HOUR_PER_IP ?? 20));
      const parsed = clientRegisterSchema.safeParse(ctx.request.body ?? {});
      if (!parsed.success) throw new ApiError(400, 'api.error.invalidBody');
      const { password, passwordConfirm, ...profile } = parsed.data;
      if (passwordConfirm !== undefined && passwordConfirm !== password) throw new ApiError(400, 'auth.error.passwordMismatch');
      const problems = passwordProblems(password);
      if (problems.length) throw new ApiError(400, 'auth.error.passwordRules', {}, { rules: problems });
      const data = await clientData(strapi, profile);
      const created = (await strapi.db.query(CLIENT_UID).create({
        data: { ...data, password: await hashPassword(password), listedInNetwork: false, loginLocked: false },
        select: ['id'],
      })) as { id: number };
      const row = (await own(created.id)) as ClientRow;
      const session = await createSession(strapi, {
        audience: 'client',
        accountId: row.id,
        ip: ctx.ip,
        userAgent: (ctx as unknown as { get(f: string): string }).get('user-agent'),
      });
      ctx.status = 201;
      ctx.body = ok(
        { token: session.token, expiresAt: session.expiresAt, account: sessionClient(row, false), profile: clientToWire(row) },
        'api.created',
        201,
      );
    }, strapi.log),
  };

  const read: RouteDef = {
    method: 'GET',
    path: '/clients/me',
    config: access('client'),
    handler: guarded(async (ctx) => {
      const who = identityOf(ctx.state);
      const row = who ? await own(who.id) : null;
      if (!row) throw new ApiError(401, 'api.error.unauthorized');
      ctx.body = ok(clientToWire(row));
    }, strapi.log),
  };

  const update: RouteDef = {
    method: 'PUT',
    path: '/clients/me',
    config: access('client'),
    handler: guarded(async (ctx) => {
      const who = identityOf(ctx.state);
      if (!who) throw new ApiError(401, 'api.error.unauthorized');
      const parsed = clientProfileUpdateSchema.safeParse(ctx.request.body ?? {});
      if (!parsed.success) throw new ApiError(400, 'api.error.invalidBody');
      const data = await clientData(strapi, parsed.data, who.id);
      await strapi.db.query(CLIENT_UID).update({ where: { id: who.id }, data });
      ctx.body = ok(clientToWire((await own(who.id)) as ClientRow), 'api.updated');
    }, strapi.log),
  };

  return siteRouter([register, read, update]);
};
