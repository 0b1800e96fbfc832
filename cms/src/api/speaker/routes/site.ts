import type { Core } from '@strapi/strapi';
import { resourceRoutes } from '@plataforma/adapter/server';
import { dbOf, PUBLIC, siteRouter } from '../../../http/router';
import { siteSpeakerSpec } from '../wire';

/**
 * The speakers' directory of a published event, list only: a speaker by id would not check
 * that their event is published.
 */
export default ({ strapi }: { strapi: Core.Strapi }) =>
  siteRouter(resourceRoutes(dbOf(strapi), siteSpeakerSpec, { actions: ['list'], config: PUBLIC, logger: strapi.log }));
