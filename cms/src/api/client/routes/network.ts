import type { Core } from '@strapi/strapi';
import { ApiError, ok, parseId, parseSearch, type NetworkPerson } from '@plataforma/adapter';
import { guarded, type RouteDef } from '@plataforma/adapter/server';
import { identityOf } from '../../../auth/identity';
import { access } from '../../../auth/strategy';
import { siteRouter } from '../../../lib/router';
import { CLIENT_UID } from '../wire';

export const NETWORK_PAGE_SIZE = 30;

interface NetworkRow {
  id: number;
  name: string;
  email: string;
  facebook: string | null;
  twitter: string | null;
  linkedIn: string | null;
}

const person = (row: NetworkRow): NetworkPerson => ({
  name: row.name,
  email: row.email,
  facebook: row.facebook || null,
  twitter: row.twitter || null,
  linkedIn: row.linkedIn || null,
});

/**
 * The network room (SPEC §2.4): GET /networks/:eventId lists the clients who entered the
 * event and agreed to be listed (offset, size ≤ 30, search by name or e-mail in SQL).
 * GET/PUT /networks/consent reads and sets the caller's own agreement; a soft session may.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const signedIn = access('client', 'soft-client');

  const list: RouteDef = {
    method: 'GET',
    path: '/networks/:eventId',
    config: signedIn,
    handler: guarded(async (ctx) => {
      const eventId = parseId(ctx.params.eventId);
      const offsetRaw = ctx.query.offset ?? '0';
      const sizeRaw = ctx.query.size ?? String(NETWORK_PAGE_SIZE);
      const offset = typeof offsetRaw === 'string' && /^\d+$/.test(offsetRaw) ? Number(offsetRaw) : NaN;
      const size = typeof sizeRaw === 'string' && /^\d+$/.test(sizeRaw) ? Number(sizeRaw) : NaN;
      if (!Number.isSafeInteger(offset)) throw new ApiError(400, 'api.error.invalidOffset');
      if (!Number.isSafeInteger(size) || size < 1 || size > NETWORK_PAGE_SIZE) throw new ApiError(400, 'api.error.invalidLimit');
      const search = parseSearch(ctx.query.search);
      if ((await strapi.db.query('api::event.event').count({ where: { id: eventId, published: true } })) === 0)
        throw new ApiError(404, 'api.error.eventNotFound');
      const clauses: Record<string, unknown>[] = [{ listedInNetwork: true }, { events: { id: eventId } }];
      if (search) clauses.push({ $or: [{ name: { $containsi: search } }, { email: { $containsi: search } }] });
      const [rows, count] = (await strapi.db.query(CLIENT_UID).findWithCount({
        where: { $and: clauses },
        select: ['id', 'name', 'email', 'facebook', 'twitter', 'linkedIn'],
        orderBy: [{ name: 'asc' }, { id: 'asc' }],
        limit: size,
        offset,
      })) as [NetworkRow[], number];
      ctx.body = ok({ rows: rows.map(person), count });
    }, strapi.log),
  };

  const consent = (method: 'GET' | 'PUT'): RouteDef => ({
    method,
    path: '/networks/consent',
    config: signedIn,
    handler: guarded(async (ctx) => {
      const who = identityOf(ctx.state);
      if (!who || who.kind !== 'client') throw new ApiError(401, 'api.error.unauthorized');
      if (method === 'PUT') {
        const listed = (ctx.request.body as { listed?: unknown } | undefined)?.listed;
        if (typeof listed !== 'boolean') throw new ApiError(400, 'api.error.invalidBody');
        await strapi.db.query(CLIENT_UID).update({ where: { id: who.id }, data: { listedInNetwork: listed } });
      }
      const row = (await strapi.db.query(CLIENT_UID).findOne({ where: { id: who.id }, select: ['id', 'listedInNetwork'] })) as {
        listedInNetwork: boolean | null;
      };
      ctx.body = ok({ listed: Boolean(row.listedInNetwork) }, method === 'PUT' ? 'api.updated' : 'api.ok');
    }, strapi.log),
  });

  // The consent routes come first: '/networks/consent' would otherwise read as an event id.
  return siteRouter([consent('GET'), consent('PUT'), list]);
};
