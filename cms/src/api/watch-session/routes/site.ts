import type { Core } from '@strapi/strapi';
import { ApiError, watchHeartbeatInputSchema, watchPaths } from '@plataforma/adapter';
import { reply } from '@plataforma/adapter/server';
import { identityOf } from '../../../auth/identity';
import { RateLimiter } from '../../../auth/rate-limit';
import { access } from '../../../auth/strategy';
import { heartbeatBuffer } from '../../../analytics/watch';
import { routeFor, siteRouter } from '../../../http/router';
import { settings } from '../../../lib/settings';

/** How long a lecture's event is remembered (a heartbeat checks its lecture without a query). */
const KNOWN_MS = 60_000;
const MAX_KNOWN = 10_000;

/**
 * POST /api/site/v1/watch/heartbeat (decision 047): the lecture screen and the room player post
 * one every 30 s while the video plays in a visible tab. A signed-in client (a soft session too);
 * limited per client (WATCH_HEARTBEATS_PER_MINUTE, 429 beyond); a lecture that does not exist,
 * or whose event is not published, answers 404 `api.error.lectureNotFound`. Accepted at once
 * (202): the heartbeat waits in the process's buffer and the batch credits it (at most 30 s,
 * never more than the time since the client's previous heartbeat of the lecture). A full buffer
 * (the database down for a while) answers 503.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const limiter = new RateLimiter(60_000);
  // A lecture's event, by lecture id, remembered a minute: heartbeats come by the thousand.
  const known = new Map<number, { eventId: number; until: number }>();
  const eventOf = async (lectureId: number): Promise<number | null> => {
    const now = Date.now();
    const hit = known.get(lectureId);
    if (hit && hit.until > now) return hit.eventId;
    const row = (await strapi.db.query('api::lecture.lecture').findOne({
      where: { id: lectureId, room: { event: { published: true } } },
      select: ['id'],
      populate: { room: { select: ['id'], populate: { event: { select: ['id'] } } } },
    })) as { id: number; room?: { event?: { id: number } | null } | null } | null;
    const eventId = row?.room?.event?.id ?? null;
    if (eventId === null) return null;
    if (known.size >= MAX_KNOWN) known.clear();
    known.set(lectureId, { eventId, until: now + KNOWN_MS });
    return eventId;
  };

  const heartbeat = routeFor(strapi)({
    method: 'POST',
    path: watchPaths.heartbeat,
    config: access('client', 'soft-client'),
    body: watchHeartbeatInputSchema,
    handler: async (ctx, { lectureId }) => {
      const who = identityOf(ctx.state);
      if (!who || who.kind !== 'client') throw new ApiError(401, 'api.error.unauthorized');
      await limiter.hit(`watch:client:${who.id}`, settings().rateLimits.watchHeartbeatsPerMinute);
      const eventId = await eventOf(lectureId);
      if (eventId === null) throw new ApiError(404, 'api.error.lectureNotFound');
      const at = new Date();
      if (!heartbeatBuffer(strapi).add({ clientId: who.id, lectureId, eventId, at }))
        throw new ApiError(503, 'api.error.unavailable', { 'Retry-After': '5' });
      return reply({ lectureId, acceptedAt: at.toISOString() }, 'watch.recorded', 202);
    },
  });
  return siteRouter([heartbeat]);
};
