import type { Core } from '@strapi/strapi';
import { ApiError, ok, pageViewInputSchema } from '@plataforma/adapter';
import { guarded, type RouteDef } from '@plataforma/adapter/server';
import { PUBLIC, siteRouter } from '../../../lib/router';
import { isoString } from '../../../lib/wire';

/** POST /api/site/v1/page-views: the venue records every navigation (first-party analytics). */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const record: RouteDef = {
    method: 'POST',
    path: '/page-views',
    config: PUBLIC,
    handler: guarded(async (ctx) => {
      const parsed = pageViewInputSchema.safeParse(ctx.request.body ?? {});
      if (!parsed.success) throw new ApiError(400, 'api.error.invalidBody');
      const { path, eventId, referrer, language } = parsed.data;
      const eventExists = eventId ? (await strapi.db.query('api::event.event').count({ where: { id: eventId } })) > 0 : false;
      const row = (await strapi.db.query('api::page-view.page-view').create({
        data: { path, referrer: referrer ?? null, language: language ?? null, event: eventExists ? eventId : null },
        select: ['id', 'path', 'createdAt'],
      })) as { id: number; path: string; createdAt: string | Date };
      ctx.status = 201;
      ctx.body = ok(
        { id: row.id, path: row.path, eventId: eventExists ? (eventId ?? null) : null, createdAt: isoString(row.createdAt) },
        'pageView.recorded',
        201,
      );
    }, strapi.log),
  };
  return siteRouter([record]);
};
