import type { Core } from '@strapi/strapi';
import { standPaths } from '@plataforma/adapter';
import { resourceRoutes } from '@plataforma/adapter/server';
import { identityOf } from '../../../auth/identity';
import { cmsRouter, dbOf } from '../../../http/router';
import { siteStandSpec } from '../wire';

/**
 * Stands in the back office. Admins see every stand; an attendant sees only the stands
 * assigned to them (SPEC §6) — any other id answers 404, as if it did not exist.
 */
export default ({ strapi }: { strapi: Core.Strapi }) =>
  cmsRouter(
    resourceRoutes(
      dbOf(strapi),
      {
        ...siteStandSpec,
        path: standPaths.cms,
        filters: {
          eventId: { where: (id) => ({ event: { id } }), exists: { uid: 'api::event.event', notFound: 'api.error.eventNotFound' } },
        },
        scope: (ctx) => {
          const who = identityOf(ctx.state);
          return who?.kind === 'staff' && who.role === 'attendant' ? { attendants: { user: { id: who.id } } } : null;
        },
      },
      { actions: ['list', 'get'], config: { auth: false }, logger: strapi.log },
    ),
  );
