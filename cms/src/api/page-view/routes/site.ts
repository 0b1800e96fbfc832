import type { Core } from '@strapi/strapi';
import { ApiError, ok, pageViewInputSchema } from '@plataforma/adapter';
import { guarded, type RouteDef } from '@plataforma/adapter/server';
import { optionalIdentity } from '../../../auth/strategy';
import { PUBLIC, siteRouter } from '../../../lib/router';
import { isoString } from '../../../lib/wire';

/**
 * POST /api/site/v1/page-views: the venue records every navigation (first-party
 * analytics). With a client token the view is the client's, and the client counts as
 * having entered the event (the network room lists them, if they agreed). A view with a
 * standId is a stand visit.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const exists = async (uid: 'api::event.event' | 'api::stand.stand', id: number | undefined) =>
    id !== undefined && (await strapi.db.query(uid).count({ where: { id } })) > 0;

  const record: RouteDef = {
    method: 'POST',
    path: '/page-views',
    config: PUBLIC,
    handler: guarded(async (ctx) => {
      const parsed = pageViewInputSchema.safeParse(ctx.request.body ?? {});
      if (!parsed.success) throw new ApiError(400, 'api.error.invalidBody');
      const { path, eventId, standId, referrer, language } = parsed.data;
      const authorization = (ctx as unknown as { get(field: string): string }).get('authorization');
      const [who, eventExists, standExists] = await Promise.all([
        optionalIdentity(strapi, authorization, ['client']),
        exists('api::event.event', eventId),
        exists('api::stand.stand', standId),
      ]);
      const clientId = who?.kind === 'client' ? who.id : null;
      const row = (await strapi.db.query('api::page-view.page-view').create({
        data: {
          path,
          referrer: referrer ?? null,
          language: language ?? null,
          event: eventExists ? eventId : null,
          stand: standExists ? standId : null,
          client: clientId,
        },
        select: ['id', 'path', 'createdAt'],
      })) as { id: number; path: string; createdAt: string | Date };
      if (clientId && eventExists) {
        const entered = await strapi.db.query('api::client.client').count({ where: { id: clientId, events: { id: eventId } } });
        if (entered === 0)
          await strapi.db.query('api::client.client').update({ where: { id: clientId }, data: { events: { connect: [eventId] } } });
      }
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
