import type { Core } from '@strapi/strapi';
import type { DbLike, RouteDef } from '@plataforma/adapter/server';
import { CMS_ACCESS } from '../auth/access-table';
import { access } from '../auth/strategy';

/** The query engine, seen through the adapter's structural type. */
export const dbOf = (strapi: Core.Strapi) => (): DbLike => strapi.db as unknown as DbLike;

/** A content-api router under /api/site/v1. */
export const siteRouter = (routes: RouteDef[]) => ({ type: 'content-api' as const, prefix: '/site/v1', routes });

/**
 * A content-api router under /api/cms/v1. Each route gets the roles CMS_ACCESS names for
 * it; a route missing from the table stops the start.
 */
export const cmsRouter = (routes: RouteDef[]) => ({
  type: 'content-api' as const,
  prefix: '/cms/v1',
  routes: routes.map((route) => {
    const roles = CMS_ACCESS[`${route.method} ${route.path}`];
    if (!roles) throw new Error(`No access rule for ${route.method} /api/cms/v1${route.path}: add it to cms/src/auth/access-table.ts.`);
    return { ...route, config: { ...route.config, ...access(...roles) } };
  }),
});

/** Public site reads: no token needed. */
export const PUBLIC = { auth: false as const };

/** The adapter's structural route type, as Strapi's router registration takes it. */
export const asStrapiRoutes = (routes: RouteDef[]) => routes as unknown as Parameters<Core.Strapi['server']['routes']>[0];
