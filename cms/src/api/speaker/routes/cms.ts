import type { Core } from '@strapi/strapi';
import { resourceRoutes } from '@plataforma/adapter/server';
import { cmsRouter, dbOf } from '../../../http/router';
import { cmsSpeakerSpec } from '../wire';

export default ({ strapi }: { strapi: Core.Strapi }) =>
  cmsRouter(resourceRoutes(dbOf(strapi), cmsSpeakerSpec, { actions: ['list', 'get'], config: { auth: false }, logger: strapi.log }));
