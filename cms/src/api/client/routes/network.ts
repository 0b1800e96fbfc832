import type { Core } from '@strapi/strapi';
import {
  ApiError,
  NETWORK_PAGE_SIZE,
  networkConsentSchema,
  networkPaths,
  parseId,
  parseSearch,
  type NetworkConsent,
  type NetworkConsentInput,
  type NetworkPerson,
} from '@plataforma/adapter';
import { findWithCount, reply, type RouteContext } from '@plataforma/adapter/server';
import { identityOf } from '../../../auth/identity';
import { access } from '../../../auth/strategy';
import { dbOf, routeFor, siteRouter } from '../../../http/router';
import { CLIENT_UID } from '../wire';
import { flushEnteredViews } from '../../../analytics/page-views';
import { forgetNetworkAnswers, keptNetworkAnswer, networkKey } from '../network-cache';

interface NetworkRow {
  id: number;
  name: string;
  email: string;
  networkShowEmail: boolean | number | null;
  facebook: string | null;
  twitter: string | null;
  linkedIn: string | null;
}

const person = (row: NetworkRow): NetworkPerson => ({
  name: row.name,
  // The e-mail only for who chose to show it (issue 17).
  email: row.networkShowEmail ? row.email : null,
  facebook: row.facebook || null,
  twitter: row.twitter || null,
  linkedIn: row.linkedIn || null,
});

/** A whole number from the query, or NaN. */
const whole = (value: unknown): number => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN);

/**
 * The network room (SPEC §2.4): GET /networks/:eventId lists the clients who entered the
 * event and agreed to be listed (offset, size ≤ 30, search by name or e-mail in SQL), each
 * with their e-mail only if they chose to show it (issue 17): the search matches a hidden
 * e-mail neither, or typing an address would tell whose it is.
 * GET /networks/consent reads the caller's own agreement (a soft session too); PUT sets it,
 * only with a full sign-in: a soft session is an e-mail anyone could type.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const route = routeFor(strapi);
  const db = dbOf(strapi);
  const signedIn = access('client', 'soft-client');

  const list = route({
    method: 'GET',
    path: networkPaths.site,
    config: signedIn,
    handler: async (ctx) => {
      const eventId = parseId(ctx.params.eventId);
      const offset = whole(ctx.query.offset ?? '0');
      const size = whole(ctx.query.size ?? String(NETWORK_PAGE_SIZE));
      if (!Number.isSafeInteger(offset)) throw new ApiError(400, 'api.error.invalidOffset');
      if (!Number.isSafeInteger(size) || size < 1 || size > NETWORK_PAGE_SIZE) throw new ApiError(400, 'api.error.invalidLimit');
      const search = parseSearch(ctx.query.search);
      // Kept one second per (event, term, page), the event's check included (issue 48, decision 075).
      const answer = await keptNetworkAnswer(strapi, networkKey(eventId, search, offset, size), async () => {
        if ((await strapi.db.query('api::event.event').count({ where: { id: eventId, published: true } })) === 0)
          throw new ApiError(404, 'api.error.eventNotFound');
        await flushEnteredViews(strapi, eventId); // who entered the event, including views still in the buffer
        const clauses: Record<string, unknown>[] = [{ listedInNetwork: true }, { events: { id: eventId } }];
        if (search)
          clauses.push({
            $or: [{ name: { $containsi: search } }, { $and: [{ networkShowEmail: true }, { email: { $containsi: search } }] }],
          });
        const [rows, count] = (await findWithCount(db(), CLIENT_UID, {
          where: { $and: clauses },
          select: ['id', 'name', 'email', 'networkShowEmail', 'facebook', 'twitter', 'linkedIn'],
          orderBy: [{ name: 'asc' }, { id: 'asc' }],
          limit: size,
          offset,
        })) as [NetworkRow[], number];
        return { rows: rows.map(person), count };
      });
      return reply(answer);
    },
  });

  /** The caller's own agreement, as the answer of both consent routes. */
  const consentOf = async (ctx: RouteContext, update?: NetworkConsentInput): Promise<NetworkConsent> => {
    const who = identityOf(ctx.state);
    if (!who || who.kind !== 'client') throw new ApiError(401, 'api.error.unauthorized');
    if (update) {
      // Without `showEmail` the e-mail choice stays as it was (turning the listing off needs none).
      const data: Record<string, boolean> = { listedInNetwork: update.listed };
      if (update.showEmail !== undefined) data.networkShowEmail = update.showEmail;
      await strapi.db.query(CLIENT_UID).update({ where: { id: who.id }, data });
      // The asker's own row follows their toggle at once in the lists kept (decision 075).
      forgetNetworkAnswers(strapi);
    }
    const row = (await strapi.db.query(CLIENT_UID).findOne({
      where: { id: who.id },
      select: ['id', 'listedInNetwork', 'networkShowEmail'],
    })) as { listedInNetwork: boolean | number | null; networkShowEmail: boolean | number | null };
    return { listed: Boolean(row.listedInNetwork), showEmail: Boolean(row.networkShowEmail), canChange: !who.soft };
  };

  const readConsent = route({
    method: 'GET',
    path: networkPaths.consent,
    config: signedIn,
    handler: async (ctx) => reply(await consentOf(ctx)),
  });

  const setConsent = route({
    method: 'PUT',
    path: networkPaths.consent,
    config: access('client'),
    body: networkConsentSchema,
    handler: async (ctx, input) => reply(await consentOf(ctx, input), 'api.updated'),
  });

  // The consent routes come first: '/networks/consent' would otherwise read as an event id.
  return siteRouter([readConsent, setConsent, list]);
};
