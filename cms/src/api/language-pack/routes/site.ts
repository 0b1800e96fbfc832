import type { Core } from '@strapi/strapi';
import { ApiError, languagePaths, languageSchema } from '@plataforma/adapter';
import { PUBLIC, routeFor, siteRouter } from '../../../http/router';
import { shippedAnswer } from '../reference';

/** A file URL with the pack's version as a query parameter (`?v=3`, or `&v=3` after an existing query). */
export const versioned = (url: string, version: number): string => `${url}${url.includes('?') ? '&' : '?'}v=${version}`;

/**
 * GET /api/site/v1/languages/:code (decision 021):
 * - with an uploaded pack, redirects (302) to its file, stored through the upload provider, the
 *   URL carrying the pack's version;
 * - without one, answers the pack the platform ships for the code (200, the JSON itself, with
 *   an ETag of its text), so EN and AL work on a fresh install; 404 when none ships.
 * Both answers are `no-cache`: the next load after an upload or a rollback follows it. The
 * venue fetches this route with a cache-busting parameter and falls back to its built-in PT
 * pack on any failure.
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
      ctx.set('Cache-Control', 'no-cache');
      if (pack?.file?.url) {
        const location = versioned(pack.file.url, pack.version ?? 0);
        ctx.set('Location', location);
        ctx.status = 302;
        // A body, not null: Koa answers a null body with 204 whatever the status set before.
        ctx.body = `Redirecting to ${location}.`;
        return;
      }
      const shipped = shippedAnswer(code.data);
      if (!shipped) throw new ApiError(404, 'api.error.languageNotFound');
      ctx.set('ETag', shipped.etag);
      if (ctx.get('if-none-match') === shipped.etag) {
        ctx.status = 304;
        ctx.body = null;
        return;
      }
      ctx.set('Content-Type', 'application/json; charset=utf-8');
      ctx.status = 200;
      ctx.body = shipped.json;
    },
  });
  return siteRouter([current]);
};
