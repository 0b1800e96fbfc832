import type { Core } from '@strapi/strapi';
import { resourceRoutes } from '@plataforma/adapter/server';
import { dbOf, PUBLIC, siteRouter } from '../../../http/router';
import { siteCategorySpec } from '../wire';

/** `GET /api/site/v1/categories`: the catalogue's category filter (public, read only). */
export default ({ strapi }: { strapi: Core.Strapi }) =>
  siteRouter(resourceRoutes(dbOf(strapi), siteCategorySpec, { actions: ['list'], config: PUBLIC, logger: strapi.log }));
