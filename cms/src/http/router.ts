import type { Core } from '@strapi/strapi';
import { accessFor, CMS_PREFIX, SITE_PREFIX } from '@plataforma/adapter';
import {
  defineRoute,
  resourceRoutes,
  type Action,
  type DbLike,
  type ResourceSpec,
  type RouteDef,
  type RouteSpec,
  type Where,
} from '@plataforma/adapter/server';
import type { z } from 'zod';
import { access } from '../auth/strategy';
import { createListSql } from './list-sql';
import { settings } from '../lib/settings';
import { registerMultipartRoutes } from './multipart-routes';

/**
 * The query engine, seen through the adapter's structural type, with the cms's own list SQL
 * (`listPage`, decision 043) that the adapter's lists try before `findWithCount`.
 */
export const dbOf = (strapi: Core.Strapi) => {
  const listPage = createListSql(strapi);
  const db: DbLike = {
    query: (uid) => strapi.db.query(uid),
    listPage: (uid, params) => (settings().database.listSql ? listPage(uid, params) : Promise.resolve(null)),
  };
  return (): DbLike => db;
};

/** The one way to write a custom route of the product (site, cms and /auth alike): see `defineRoute`. */
export const routeFor =
  (strapi: Core.Strapi) =>
  <S extends z.ZodType | undefined = undefined>(spec: RouteSpec<S>): RouteDef =>
    defineRoute(spec, strapi.log);

/** A content-api router under /api/site/v1. */
export const siteRouter = (routes: RouteDef[]) => {
  registerMultipartRoutes(SITE_PREFIX, routes);
  return { type: 'content-api' as const, prefix: '/site/v1', routes };
};

/**
 * A content-api router under /api/cms/v1. Each route gets the roles the adapter's
 * CMS_ACCESS names for it; a route missing from the table stops the start.
 */
export const cmsRouter = (routes: RouteDef[]) => {
  registerMultipartRoutes(CMS_PREFIX, routes);
  return {
    type: 'content-api' as const,
    prefix: '/cms/v1',
    routes: routes.map((route) => {
      const roles = accessFor(`${route.method} ${route.path}`);
      if (!roles)
        throw new Error(`No access rule for ${route.method} /api/cms/v1${route.path}: add it to CMS_ACCESS in adapter/src/access.ts.`);
      return { ...route, config: { ...route.config, ...access(...roles) } };
    }),
  };
};

/** Public site reads: no token needed. */
export const PUBLIC = { auth: false as const };

/**
 * A resource of an event's content the site reads without a token: its list and its rows by id,
 * under /api/site/v1. `visible` is the condition of a row the site may show, always that its event
 * is published (`ofPublishedEvent`, `ofPublishedEventStand`): it joins the spec's own `baseWhere`
 * on both reads, so a row of an unpublished event answers the spec's 404 as a missing row does
 * (issue 16), and lists leave it out. The spec itself stays as it was: the back office's specs
 * spread the site's and read every event.
 */
export const publicReads = <Row, Wire, F extends string>(
  strapi: Core.Strapi,
  spec: ResourceSpec<Row, Wire, F>,
  visible: Where,
  actions: readonly Action[] = ['list', 'get'],
) =>
  siteRouter(
    resourceRoutes(
      dbOf(strapi),
      { ...spec, baseWhere: spec.baseWhere ? { $and: [spec.baseWhere, visible] } : visible },
      { actions, config: PUBLIC, logger: strapi.log },
    ),
  );

/**
 * The adapter's structural route type, as Strapi's router registration takes it: Koa's own context type
 * has no `params` (the router adds them), so the handler types cannot meet without this one cast.
 */
export const asStrapiRoutes = (routes: RouteDef[]) => {
  // Root routes carry their full path; those that take a multipart body are recorded for the guard.
  registerMultipartRoutes('', routes);
  return routes as unknown as Parameters<Core.Strapi['server']['routes']>[0];
};
