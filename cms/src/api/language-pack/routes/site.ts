import type { Core } from '@strapi/strapi';
import { ApiError, languageSchema } from '@plataforma/adapter';
import { guarded, type RouteDef } from '@plataforma/adapter/server';
import { PUBLIC, siteRouter } from '../../../lib/router';

/**
 * GET /api/site/v1/languages/:code redirects to the current uploaded pack (stored
 * through the upload provider). The venue fetches it with a cache-busting parameter
 * and falls back to its built-in PT pack on any failure.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const current: RouteDef = {
    method: 'GET',
    path: '/languages/:code',
    config: PUBLIC,
    handler: guarded(async (ctx) => {
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
    }, strapi.log),
  };
  return siteRouter([current]);
};
