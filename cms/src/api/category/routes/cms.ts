import type { Core } from '@strapi/strapi';
import { resourceRoutes } from '@plataforma/adapter/server';
import { logChanges } from '../../../http/changes';
import { cmsRouter, dbOf } from '../../../http/router';
import { categorySpec } from '../wire';

export default ({ strapi }: { strapi: Core.Strapi }) =>
  cmsRouter(
    resourceRoutes(dbOf(strapi), categorySpec, {
      actions: ['list', 'get', 'create', 'update', 'delete'],
      config: { auth: false },
      logger: strapi.log,
      onChange: logChanges(strapi, { one: 'categoria', many: 'categorias' }, 'categories'),
    }),
  );
