import type { Core } from '@strapi/strapi';
import { resourceRoutes } from '@plataforma/adapter/server';
import { cmsRouter, dbOf } from '../../../http/router';
import { contactSpec } from '../wire';

/** GET /contacts and /contacts/:id under /api/cms/v1: read only, admins only (CMS_ACCESS). */
export default ({ strapi }: { strapi: Core.Strapi }) =>
  cmsRouter(resourceRoutes(dbOf(strapi), contactSpec, { actions: ['list', 'get'], config: { auth: false }, logger: strapi.log }));
