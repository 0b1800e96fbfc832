import type { Core } from '@strapi/strapi';
import { ApiError, pageViewInputSchema, pageViewPaths } from '@plataforma/adapter';
import { reply } from '@plataforma/adapter/server';
import { optionalIdentity } from '../../../auth/strategy';
import { RateLimiter } from '../../../auth/rate-limit';
import { pageViewBuffer } from '../../../analytics/page-views';
import { PUBLIC, routeFor, siteRouter } from '../../../http/router';
import { settings } from '../../../lib/settings';

/**
 * POST /api/site/v1/page-views: the venue records every navigation (first-party
 * analytics). With a client token the view is the client's, and the client counts as
 * having entered the event (the network room lists them, if they agreed). A view with a
 * standId is a stand visit.
 *
 * Public, so limited per visitor (the client, or the IP signed out: PAGE_VIEWS_PER_MINUTE,
 * 429 with Retry-After beyond), and accepted at once (202): the view waits in the process's
 * buffer and is written with others in one transaction (decision 038). The answer's `id` is
 * null (the row does not exist yet) and `eventId` the one asked for; a view naming an event or
 * stand that does not exist is stored without it, as before. A full buffer (the database down
 * for a while) answers 503.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const limiter = new RateLimiter(60_000);

  const record = routeFor(strapi)({
    method: 'POST',
    path: pageViewPaths.site,
    config: PUBLIC,
    body: pageViewInputSchema,
    handler: async (ctx, { path, eventId, standId, referrer, language }) => {
      const who = await optionalIdentity(strapi, ctx.get('authorization'), ['client']);
      const clientId = who?.kind === 'client' ? who.id : null;
      await limiter.hit(
        clientId !== null ? `page-view:client:${clientId}` : `page-view:ip:${ctx.ip}`,
        settings().rateLimits.pageViewsPerMinute,
      );
      const createdAt = new Date();
      const accepted = pageViewBuffer(strapi).add({
        path,
        referrer: referrer ?? null,
        language: language ?? null,
        eventId: eventId ?? null,
        standId: standId ?? null,
        clientId,
        createdAt,
      });
      if (!accepted) throw new ApiError(503, 'api.error.unavailable', { 'Retry-After': '5' });
      return reply({ id: null, path, eventId: eventId ?? null, createdAt: createdAt.toISOString() }, 'pageView.recorded', 202);
    },
  });
  return siteRouter([record]);
};
