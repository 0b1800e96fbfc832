import type { Core } from '@strapi/strapi';
import { ApiError, contactInputSchema, ok, standContactInputSchema } from '@plataforma/adapter';
import { guarded, type RouteDef } from '@plataforma/adapter/server';
import { identityOf } from '../../../auth/identity';
import { RateLimiter } from '../../../auth/rate-limit';
import { access } from '../../../auth/strategy';
import { PUBLIC, siteRouter } from '../../../lib/router';

const UID = 'api::contact.contact';

/**
 * POST /contacts/stand: a signed-in client (a soft session too) asks a stand to get in
 * touch; name and e-mail come from the session, the request is stored for the stand's
 * attendants. POST /contacts: the general contact form. Both are rate limited.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const limiter = new RateLimiter(10 * 60 * 1000);
  const perWindow = () => Number(process.env.CONTACTS_PER_10_MINUTES ?? 5);

  const toStand: RouteDef = {
    method: 'POST',
    path: '/contacts/stand',
    config: access('client', 'soft-client'),
    handler: guarded(async (ctx) => {
      const who = identityOf(ctx.state);
      if (!who || who.kind !== 'client') throw new ApiError(401, 'api.error.unauthorized');
      const parsed = standContactInputSchema.safeParse(ctx.request.body ?? {});
      if (!parsed.success) throw new ApiError(400, 'api.error.invalidBody');
      limiter.hit(`stand-contact:${who.id}`, perWindow());
      const { standId, message } = parsed.data;
      if ((await strapi.db.query('api::stand.stand').count({ where: { id: standId } })) === 0)
        throw new ApiError(404, 'api.error.standNotFound');
      const client = (await strapi.db
        .query('api::client.client')
        .findOne({ where: { id: who.id }, select: ['id', 'name', 'email', 'ddd', 'phone'] })) as {
        name: string;
        email: string;
        ddd: string | null;
        phone: string | null;
      };
      const row = (await strapi.db.query(UID).create({
        data: {
          subject: 'stand',
          name: client.name,
          email: client.email,
          phone: client.phone ? `${client.ddd ?? ''}${client.phone}` : null,
          message,
          stand: standId,
          client: who.id,
        },
        select: ['id'],
      })) as { id: number };
      ctx.status = 201;
      ctx.body = ok({ id: row.id }, 'contact.sent', 201);
    }, strapi.log),
  };

  const general: RouteDef = {
    method: 'POST',
    path: '/contacts',
    config: PUBLIC,
    handler: guarded(async (ctx) => {
      const parsed = contactInputSchema.safeParse(ctx.request.body ?? {});
      if (!parsed.success) throw new ApiError(400, 'api.error.invalidBody');
      limiter.hit(`contact:${ctx.ip}`, perWindow());
      const row = (await strapi.db.query(UID).create({ data: { ...parsed.data, phone: parsed.data.phone || null }, select: ['id'] })) as {
        id: number;
      };
      ctx.status = 201;
      ctx.body = ok({ id: row.id }, 'contact.sent', 201);
    }, strapi.log),
  };

  return siteRouter([toStand, general]);
};
