import type { Core } from '@strapi/strapi';
import { ApiError } from '@plataforma/adapter';
import { reply, type Reply } from '@plataforma/adapter/server';
import { RateLimiter } from '../auth/rate-limit';
import { settings } from '../lib/settings';
import { heartbeatBuffer } from './watch';
import { watchAccessOf, watchRefusal } from './watch-access';

/** Who posts a heartbeat: a client's session, full or soft (an e-mail only). */
export interface HeartbeatClient {
  id: number;
  soft: boolean;
  /** When the session began (ms): no watch time is credited before it (decision 102). */
  startedAt?: number;
}

export interface HeartbeatIntake {
  /**
   * A signed-in client's heartbeat of a lecture: limited per client (429), the lecture's event
   * published (else 404 `api.error.lectureNotFound`), credited only from a full session (403
   * `watch.error.fullAccountRequired`), for a lecture sold only when held (403
   * `watch.error.noAccess`), and for one not on now only when its recording is held (409
   * `watch.error.notLive`; decision 102); then queued for the batch (503 when the buffer is full).
   * The 202 answer, or an ApiError thrown.
   */
  accept(client: HeartbeatClient, lectureId: number): Promise<Reply>;
}

const intakes = new WeakMap<Core.Strapi, HeartbeatIntake>();

/**
 * The one place a heartbeat is accepted (decision 047), shared by its route and by the fast path
 * that answers it before Koa (http/heartbeat-front.ts, decisions 055 and 064): the same limiter
 * counts, the same kept lectures and orders (analytics/watch-access.ts: no query per heartbeat).
 */
export const heartbeatIntake = (strapi: Core.Strapi): HeartbeatIntake => {
  const made = intakes.get(strapi);
  if (made) return made;
  const limiter = new RateLimiter(60_000);
  const access = watchAccessOf(strapi);
  const intake: HeartbeatIntake = {
    async accept(client, lectureId) {
      await limiter.hit(`watch:client:${client.id}`, settings().rateLimits.watchHeartbeatsPerMinute);
      const lecture = await access.lecture(lectureId);
      if (lecture === null) throw new ApiError(404, 'api.error.lectureNotFound');
      const at = new Date();
      const refusal = await watchRefusal(lecture, client.soft, at.getTime(), () => access.holds(client.id, lecture, lectureId));
      if (refusal) throw new ApiError(refusal === 'watch.error.notLive' ? 409 : 403, refusal);
      if (
        !heartbeatBuffer(strapi).add({
          clientId: client.id,
          lectureId,
          eventId: lecture.eventId,
          at,
          ...(client.startedAt === undefined ? {} : { since: new Date(client.startedAt) }),
        })
      )
        throw new ApiError(503, 'api.error.unavailable', { 'Retry-After': '5' });
      return reply({ lectureId, acceptedAt: at.toISOString() }, 'watch.recorded', 202);
    },
  };
  intakes.set(strapi, intake);
  return intake;
};
