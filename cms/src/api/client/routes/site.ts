import type { Core } from '@strapi/strapi';
import { ApiError, clientPaths, clientProfileUpdateSchema, clientRegisterSchema, passwordProblems } from '@plataforma/adapter';
import { created, parseBody, reply, type RouteContext } from '@plataforma/adapter/server';
import { hashPassword } from '../../../auth/accounts';
import { identityOf } from '../../../auth/identity';
import { RateLimiter } from '../../../auth/rate-limit';
import { createSession } from '../../../auth/sessions';
import { access } from '../../../auth/strategy';
import { sessionClient } from '../../../auth/wire';
import { PUBLIC, routeFor, siteRouter } from '../../../http/router';
import { CLIENT_COLUMNS, CLIENT_UID, clientData, clientToWire, type ClientRow } from '../wire';

/**
 * POST /clients registers and signs the client in (a full session); GET/PUT /clients/me
 * read and change the own profile — only with a full login: a soft (email-only) session
 * never reads or changes personal data.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const route = routeFor(strapi);
  const limiter = new RateLimiter(60 * 60 * 1000);
  const own = async (id: number) =>
    (await strapi.db.query(CLIENT_UID).findOne({ where: { id }, select: CLIENT_COLUMNS })) as ClientRow | null;
  /** The signed-in client's id (the route admits clients only). */
  const callerId = (ctx: RouteContext): number => {
    const who = identityOf(ctx.state);
    if (!who) throw new ApiError(401, 'api.error.unauthorized');
    return who.id;
  };

  const register = route({
    method: 'POST',
    path: clientPaths.site,
    config: PUBLIC,
    handler: async (ctx) => {
      limiter.hit(`register:${ctx.ip}`, Number(process.env.REGISTER_PER_HOUR_PER_IP ?? 20));
      const { password, passwordConfirm, ...profile } = parseBody(clientRegisterSchema, ctx.request.body);
      if (passwordConfirm !== undefined && passwordConfirm !== password) throw new ApiError(400, 'auth.error.passwordMismatch');
      const problems = passwordProblems(password);
      if (problems.length) throw new ApiError(400, 'auth.error.passwordRules', {}, { rules: problems });
      const data = await clientData(strapi, profile);
      const { id } = (await strapi.db.query(CLIENT_UID).create({
        data: { ...data, password: await hashPassword(password), listedInNetwork: false, loginLocked: false },
        select: ['id'],
      })) as { id: number };
      const row = (await own(id)) as ClientRow;
      const session = await createSession(strapi, { audience: 'client', accountId: row.id, ip: ctx.ip, userAgent: ctx.get('user-agent') });
      return created({
        token: session.token,
        expiresAt: session.expiresAt,
        account: sessionClient(row, false),
        profile: clientToWire(row),
      });
    },
  });

  const read = route({
    method: 'GET',
    path: clientPaths.me,
    config: access('client'),
    handler: async (ctx) => {
      const row = await own(callerId(ctx));
      if (!row) throw new ApiError(401, 'api.error.unauthorized');
      return reply(clientToWire(row));
    },
  });

  const update = route({
    method: 'PUT',
    path: clientPaths.me,
    config: access('client'),
    body: clientProfileUpdateSchema,
    handler: async (ctx, input) => {
      const id = callerId(ctx);
      await strapi.db.query(CLIENT_UID).update({ where: { id }, data: await clientData(strapi, input, id) });
      return reply(clientToWire((await own(id)) as ClientRow), 'api.updated');
    },
  });

  return siteRouter([register, read, update]);
};
