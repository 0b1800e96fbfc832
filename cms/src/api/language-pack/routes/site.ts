import type { Core } from '@strapi/strapi';
import { ApiError, languagePaths, languageSchema } from '@plataforma/adapter';
import { PUBLIC, routeFor, siteRouter } from '../../../http/router';

/** A file URL with the pack's version as a query parameter (`?v=3`, or `&v=3` after an existing query). */
export const versioned = (url: string, version: number): string => `${url}${url.includes('?') ? '&' : '?'}v=${version}`;

/**
 * GET /api/site/v1/languages/:code redirects (302) to the current uploaded pack, stored
 * through the upload provider, its URL carrying the pack's version. The venue fetches this
 * route with a cache-busting parameter (the redirect itself is `no-cache`) and falls back to
 * its built-in PT pack on any failure, so a new upload shows on the next load, without a
 * rebuild.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const current = routeFor(strapi)({
    method: 'GET',
    path: languagePaths.site,
    config: PUBLIC,
    handler: async (ctx) => {
      const code = languageSchema.safeParse(ctx.params.code);
      if (!code.success) throw new ApiError(404, 'api.error.languageNotFound');
      const pack = (await strapi.db.query('api::language-pack.language-pack').findOne({
        where: { code: code.data },
        select: ['version'],
        populate: { file: { select: ['url'] } },
      })) as { version?: number | null; file?: { url: string } | null } | null;
      if (!pack?.file?.url) throw new ApiError(404, 'api.error.languageNotFound');
      const location = versioned(pack.file.url, pack.version ?? 0);
      ctx.set('Cache-Control', 'no-cache');
      ctx.set('Location', location);
      ctx.status = 302;
      // A body, not null: Koa answers a null body with 204 whatever the status set before.
      ctx.body = `Redirecting to ${location}.`;
    },
  });
  return siteRouter([current]);
};
