import type { Core } from '@strapi/strapi';
import { resourceRoutes } from '@plataforma/adapter/server';
import { dbOf, PUBLIC, siteRouter } from '../../../lib/router';
import { siteRoomSpec } from '../wire';

export default ({ strapi }: { strapi: Core.Strapi }) =>
  siteRouter(resourceRoutes(dbOf(strapi), siteRoomSpec, { actions: ['list', 'get'], config: PUBLIC, logger: strapi.log }));
