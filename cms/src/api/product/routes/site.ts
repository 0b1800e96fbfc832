import type { Core } from '@strapi/strapi';
import { resourceRoutes } from '@plataforma/adapter/server';
import { dbOf, PUBLIC, siteRouter } from '../../../lib/router';
import { siteProductSpec } from '../wire';

/** GET /api/site/v1/products?standId= and /products/:id: a stand's products and services (SPEC §7). */
export default ({ strapi }: { strapi: Core.Strapi }) =>
  siteRouter(resourceRoutes(dbOf(strapi), siteProductSpec, { actions: ['list', 'get'], config: PUBLIC, logger: strapi.log }));
