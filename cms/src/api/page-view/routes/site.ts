import type { Core } from '@strapi/strapi';
import { pageViewInputSchema, pageViewPaths } from '@plataforma/adapter';
import { created } from '@plataforma/adapter/server';
import { CLIENT_UID } from '../../../auth/accounts';
import { optionalIdentity } from '../../../auth/strategy';
import { PUBLIC, routeFor, siteRouter } from '../../../http/router';
import { isoString } from '../../../lib/wire';
import { createAtomically } from '../../../lib/atomic';

/**
 * POST /api/site/v1/page-views: the venue records every navigation (first-party
 * analytics). With a client token the view is the client's, and the client counts as
 * having entered the event (the network room lists them, if they agreed). A view with a
 * standId is a stand visit.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const exists = async (uid: 'api::event.event' | 'api::stand.stand', id: number | undefined) =>
    id !== undefined && (await strapi.db.query(uid).count({ where: { id } })) > 0;

  const record = routeFor(strapi)({
    method: 'POST',
    path: pageViewPaths.site,
    config: PUBLIC,
    body: pageViewInputSchema,
    handler: async (ctx, { path, eventId, standId, referrer, language }) => {
      const [who, eventExists, standExists] = await Promise.all([
        optionalIdentity(strapi, ctx.get('authorization'), ['client']),
        exists('api::event.event', eventId),
        exists('api::stand.stand', standId),
      ]);
      const clientId = who?.kind === 'client' ? who.id : null;
      const row = (await createAtomically(strapi, 'api::page-view.page-view', {
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
        const entered = await strapi.db.query(CLIENT_UID).count({ where: { id: clientId, events: { id: eventId } } });
        if (entered === 0) await strapi.db.query(CLIENT_UID).update({ where: { id: clientId }, data: { events: { connect: [eventId] } } });
      }
      return created(
        { id: row.id, path: row.path, eventId: eventExists ? (eventId ?? null) : null, createdAt: isoString(row.createdAt) },
        'pageView.recorded',
      );
    },
  });
  return siteRouter([record]);
};
