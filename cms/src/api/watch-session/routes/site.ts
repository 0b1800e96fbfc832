import type { Core } from '@strapi/strapi';
import { ApiError, watchHeartbeatInputSchema, watchPaths } from '@plataforma/adapter';
import { identityOf } from '../../../auth/identity';
import { access } from '../../../auth/strategy';
import { heartbeatIntake } from '../../../analytics/heartbeat-intake';
import { routeFor, siteRouter } from '../../../http/router';

/**
 * POST /api/site/v1/watch/heartbeat (decision 047): the lecture screen and the room player post
 * one every 30 s while the video plays in a visible tab. A signed-in client; limited per client
 * (WATCH_HEARTBEATS_PER_MINUTE, 429 beyond); a lecture that does not exist, or whose event is not
 * published, answers 404 `api.error.lectureNotFound`. Credited only from a full session (a soft
 * one: 403 `watch.error.fullAccountRequired`), for a sold lecture only when held (403
 * `watch.error.noAccess`), for one not on now only when its recording is held (409
 * `watch.error.notLive`; decision 102). Accepted at once
 * (202): the heartbeat waits in the process's buffer and the batch credits it (at most 30 s,
 * never more than the time since the client's previous heartbeat of the lecture). A full buffer
 * (the database down for a while) answers 503.
 *
 * A same-origin heartbeat with a live client token is answered before the router by
 * http/heartbeat-front.ts (decisions 055, 064) with the same intake; this route answers the others
 * (no token or a dead one, another origin, a body that is not small JSON).
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const heartbeat = routeFor(strapi)({
    method: 'POST',
    path: watchPaths.heartbeat,
    config: access('client', 'soft-client'),
    body: watchHeartbeatInputSchema,
    handler: async (ctx, { lectureId }) => {
      const who = identityOf(ctx.state);
      if (!who || who.kind !== 'client') throw new ApiError(401, 'api.error.unauthorized');
      return heartbeatIntake(strapi).accept(who, lectureId);
    },
  });
  return siteRouter([heartbeat]);
};
