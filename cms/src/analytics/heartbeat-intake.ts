import type { Core } from '@strapi/strapi';
import { ApiError } from '@plataforma/adapter';
import { reply, type Reply } from '@plataforma/adapter/server';
import { RateLimiter } from '../auth/rate-limit';
import { settings } from '../lib/settings';
import { heartbeatBuffer } from './watch';

/** How long a lecture's event is remembered (a heartbeat checks its lecture without a query). */
const KNOWN_MS = 60_000;
const MAX_KNOWN = 10_000;

export interface HeartbeatIntake {
  /**
   * A signed-in client's heartbeat of a lecture: limited per client (429), the lecture's event
   * published (else 404 `api.error.lectureNotFound`), queued for the batch (503 when the buffer is
   * full). The 202 answer, or an ApiError thrown.
   */
  accept(clientId: number, lectureId: number): Promise<Reply>;
}

const intakes = new WeakMap<Core.Strapi, HeartbeatIntake>();

/**
 * The one place a heartbeat is accepted (decision 047), shared by its route and by the fast path
 * that answers it before Koa (http/heartbeat-front.ts, decisions 055 and 064): the same limiter
 * counts, the same cache of lectures' events.
 */
export const heartbeatIntake = (strapi: Core.Strapi): HeartbeatIntake => {
  const made = intakes.get(strapi);
  if (made) return made;
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
  const intake: HeartbeatIntake = {
    async accept(clientId, lectureId) {
      await limiter.hit(`watch:client:${clientId}`, settings().rateLimits.watchHeartbeatsPerMinute);
      const eventId = await eventOf(lectureId);
      if (eventId === null) throw new ApiError(404, 'api.error.lectureNotFound');
      const at = new Date();
      if (!heartbeatBuffer(strapi).add({ clientId, lectureId, eventId, at }))
        throw new ApiError(503, 'api.error.unavailable', { 'Retry-After': '5' });
      return reply({ lectureId, acceptedAt: at.toISOString() }, 'watch.recorded', 202);
    },
  };
  intakes.set(strapi, intake);
  return intake;
};
