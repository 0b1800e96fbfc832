import type { Core } from '@strapi/strapi';
import { ApiError, contactInputSchema, contactPaths, standContactInputSchema } from '@plataforma/adapter';
import { created } from '@plataforma/adapter/server';
import { CLIENT_UID } from '../../../auth/accounts';
import { identityOf } from '../../../auth/identity';
import { RateLimiter } from '../../../auth/rate-limit';
import { access } from '../../../auth/strategy';
import { PUBLIC, routeFor, siteRouter } from '../../../http/router';
import { createAtomically } from '../../../lib/atomic';
import { recordStandEvent } from '../../../analytics/stand-events';
import { settings } from '../../../lib/settings';

const UID = 'api::contact.contact';

/**
 * POST /contacts/stand: a signed-in client (a soft session too) asks a stand to get in
 * touch; name and e-mail come from the session, the request is stored for the stand's
 * attendants, marked unverified when the session was soft (an e-mail anyone could type).
 * POST /contacts: the general contact form. Both are rate limited. A contact and its links
 * to the stand and the client are written in one transaction: the query engine inserts the
 * row, then its links, and a crash between them left contacts no attendant would ever see.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const route = routeFor(strapi);
  const limiter = new RateLimiter(10 * 60 * 1000);
  const perWindow = () => settings().rateLimits.contactsPer10Minutes;
  const store = async (data: Record<string, unknown>) => {
    const row = await createAtomically(strapi, UID, { data, select: ['id'] });
    return created({ id: row.id }, 'contact.sent');
  };

  const toStand = route({
    method: 'POST',
    path: contactPaths.stand,
    config: access('client', 'soft-client'),
    body: standContactInputSchema,
    handler: async (ctx, { standId, message }) => {
      const who = identityOf(ctx.state);
      if (!who || who.kind !== 'client') throw new ApiError(401, 'api.error.unauthorized');
      await limiter.hit(`stand-contact:${who.id}`, perWindow());
      if ((await strapi.db.query('api::stand.stand').count({ where: { id: standId } })) === 0)
        throw new ApiError(404, 'api.error.standNotFound');
      const client = (await strapi.db
        .query(CLIENT_UID)
        .findOne({ where: { id: who.id }, select: ['id', 'name', 'email', 'ddd', 'phone'] })) as {
        name: string;
        email: string;
        ddd: string | null;
        phone: string | null;
      };
      const answer = await store({
        subject: 'stand',
        name: client.name,
        email: client.email,
        phone: client.phone ? `${client.ddd ?? ''}${client.phone}` : null,
        message,
        stand: standId,
        client: who.id,
        verified: !who.soft,
      });
      // Recorded here, where the contact is stored: a browser cannot fake it (decision 047).
      recordStandEvent(strapi, { kind: 'contact_sent', standId, clientId: who.id });
      return answer;
    },
  });

  const general = route({
    method: 'POST',
    path: contactPaths.site,
    config: PUBLIC,
    body: contactInputSchema,
    handler: async (ctx, input) => {
      await limiter.hit(`contact:${ctx.ip}`, perWindow());
      return store({ ...input, phone: input.phone || null });
    },
  });

  return siteRouter([toStand, general]);
};
