import type { Core } from '@strapi/strapi';
import { ApiError, languagePaths, languageSchema } from '@plataforma/adapter';
import { PUBLIC, routeFor, siteRouter } from '../../../http/router';

/**
 * GET /api/site/v1/languages/:code redirects to the current uploaded pack (stored
 * through the upload provider). The venue fetches it with a cache-busting parameter
 * and falls back to its built-in PT pack on any failure.
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
        populate: { file: { select: ['url'] } },
      })) as { file?: { url: string } | null } | null;
      if (!pack?.file?.url) throw new ApiError(404, 'api.error.languageNotFound');
      ctx.set('Cache-Control', 'no-cache');
      ctx.status = 302;
      ctx.set('Location', pack.file.url);
      ctx.body = null;
    },
  });
  return siteRouter([current]);
};
