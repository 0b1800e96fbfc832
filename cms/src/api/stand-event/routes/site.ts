import type { Core } from '@strapi/strapi';
import { ApiError, standEventInputSchema, standEventPaths } from '@plataforma/adapter';
import { reply } from '@plataforma/adapter/server';
import { optionalIdentity } from '../../../auth/strategy';
import { RateLimiter } from '../../../auth/rate-limit';
import { standEventBuffer } from '../../../analytics/stand-events';
import { PUBLIC, routeFor, siteRouter } from '../../../http/router';
import { settings } from '../../../lib/settings';

/**
 * POST /api/site/v1/stand-events (decision 047): the stand screen posts what a visitor opened or
 * clicked — a media (which), a document (which), a product's call to action (which), the website,
 * a social link (which network). Public like page views: the client is linked only when a client
 * token comes. Contacts sent and chats started are not accepted here: the server records them
 * where they happen. Limited per visitor (the client, or the IP signed out:
 * STAND_EVENTS_PER_MINUTE), accepted at once (202) and written in batches; an event of a stand
 * that does not exist is dropped by the batch, a media or product that does not exist is stored
 * without it. A full buffer answers 503.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const limiter = new RateLimiter(60_000);
  const record = routeFor(strapi)({
    method: 'POST',
    path: standEventPaths.site,
    config: PUBLIC,
    body: standEventInputSchema,
    handler: async (ctx, input) => {
      const who = await optionalIdentity(strapi, ctx.get('authorization'), ['client']);
      const clientId = who?.kind === 'client' ? who.id : null;
      await limiter.hit(
        clientId !== null ? `stand-event:client:${clientId}` : `stand-event:ip:${ctx.ip}`,
        settings().rateLimits.standEventsPerMinute,
      );
      const createdAt = new Date();
      const accepted = standEventBuffer(strapi).add({
        kind: input.kind,
        standId: input.standId,
        clientId,
        mediaId: 'mediaId' in input ? input.mediaId : null,
        productId: 'productId' in input ? input.productId : null,
        target: 'target' in input ? input.target : null,
        createdAt,
      });
      if (!accepted) throw new ApiError(503, 'api.error.unavailable', { 'Retry-After': '5' });
      return reply({ standId: input.standId, kind: input.kind, acceptedAt: createdAt.toISOString() }, 'standEvent.recorded', 202);
    },
  });
  return siteRouter([record]);
};
