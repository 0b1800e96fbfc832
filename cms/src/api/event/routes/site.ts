import type { Core } from '@strapi/strapi';
import { resourceRoutes } from '@plataforma/adapter/server';
import { dbOf, PUBLIC, siteRouter } from '../../../http/router';
import { siteEventSpec, siteFeaturedEventSpec } from '../wire';

/**
 * The site's event reads: the public catalogue (search, category, upcoming/past, paging), the
 * featured events (before `/events/:id`, which would take 'featured' for an id) and one event.
 */
export default ({ strapi }: { strapi: Core.Strapi }) =>
  siteRouter([
    ...resourceRoutes(dbOf(strapi), siteFeaturedEventSpec, { actions: ['list'], config: PUBLIC, logger: strapi.log }),
    ...resourceRoutes(dbOf(strapi), siteEventSpec, { actions: ['list', 'get'], config: PUBLIC, logger: strapi.log }),
  ]);
