import type { Core } from '@strapi/strapi';
import type { DbLike, RouteDef } from '@plataforma/adapter/server';

/** The query engine, seen through the adapter's structural type. */
export const dbOf = (strapi: Core.Strapi) => (): DbLike => strapi.db as unknown as DbLike;

/** A content-api router under /api/site/v1. */
export const siteRouter = (routes: RouteDef[]) => ({ type: 'content-api' as const, prefix: '/site/v1', routes });

/** A content-api router under /api/cms/v1. */
export const cmsRouter = (routes: RouteDef[]) => ({ type: 'content-api' as const, prefix: '/cms/v1', routes });

/** Public site reads: no token needed. */
export const PUBLIC = { auth: false as const };
