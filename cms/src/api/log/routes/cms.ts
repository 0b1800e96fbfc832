import type { Core } from '@strapi/strapi';
import { resourceRoutes } from '@plataforma/adapter/server';
import { cmsRouter, dbOf } from '../../../http/router';
import { logSpec } from '../wire';

export default ({ strapi }: { strapi: Core.Strapi }) =>
  cmsRouter(resourceRoutes(dbOf(strapi), logSpec, { actions: ['list', 'get'], config: { auth: false }, logger: strapi.log }));
