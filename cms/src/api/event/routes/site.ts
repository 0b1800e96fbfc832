import type { Core } from '@strapi/strapi';
import { ApiError, eventPaths } from '@plataforma/adapter';
import { reply, resourceRoutes } from '@plataforma/adapter/server';
import { access } from '../../../auth/strategy';
import { identityOf } from '../../../auth/identity';
import { dbOf, PUBLIC, routeFor, siteRouter } from '../../../http/router';
import { EVENT_POPULATE, eventToWire, siteEventSpec, siteFeaturedEventSpec, type EventRow } from '../wire';
import { flushPageViews } from '../../../analytics/page-views';

/**
 * The site's event reads: the public catalogue (search, category, upcoming/past, paging), the
 * featured events and the client's own (`/events/me`) — both before `/events/:id`, which would
 * take 'featured' or 'me' for an id — and one event.
 */
export default ({ strapi }: { strapi: Core.Strapi }) =>
  siteRouter([
    ...resourceRoutes(dbOf(strapi), siteFeaturedEventSpec, { actions: ['list'], config: PUBLIC, logger: strapi.log }),
    routeFor(strapi)({
      method: 'GET',
      path: eventPaths.me,
      // A full login only, as the rest of the client's own data (a soft session: 403).
      config: access('client'),
      handler: async (ctx) => {
        const who = identityOf(ctx.state);
        if (!who) throw new ApiError(401, 'api.error.unauthorized');
        // Entered (the client opened a page of the event: page views link them) or held through a
        // paid order of it (decision 045).
        await flushPageViews(strapi);
        const paid = (await strapi.db.query('api::order.order').findMany({
          where: { client: { id: who.id }, status: 'paid' },
          select: ['id'],
          populate: { event: { select: ['id'] } },
          limit: 1000,
        })) as Array<{ event?: { id: number } | null }>;
        const bought = [...new Set(paid.flatMap((order) => (order.event ? [order.event.id] : [])))];
        const rows = (await strapi.db.query('api::event.event').findMany({
          where: { published: true, $or: [{ attendees: { id: who.id } }, ...(bought.length ? [{ id: { $in: bought } }] : [])] },
          populate: EVENT_POPULATE,
          orderBy: [{ startDate: 'desc' }, { id: 'desc' }],
          limit: 200,
        })) as EventRow[];
        return reply({ rows: rows.map((row) => eventToWire(row)), count: rows.length });
      },
    }),
    ...resourceRoutes(dbOf(strapi), siteEventSpec, { actions: ['list', 'get'], config: PUBLIC, logger: strapi.log }),
  ]);
