import crypto from 'node:crypto';
import type { Core } from '@strapi/strapi';
import { ApiError, ok, SITE_PAGES, sitePagePaths, type Block, type SitePage, type SitePageKey } from '@plataforma/adapter';
import { PUBLIC, routeFor, siteRouter } from '../../../http/router';
import { isoString } from '../../../lib/wire';
import { SITE_PAGE_UIDS } from '../../../lib/site-pages';

interface PageRow {
  title: string | null;
  body: Block[] | null;
  updatedAt: string | Date;
}

/**
 * `GET /api/site/v1/pages/:page` (`terms`, `about`): a page of the site as an admin wrote it in
 * its single type (in /admin or in the back office's /cms/paginas); 404 before it was written.
 * Cached, but revalidated on every read with its ETag (a 304 while it is unchanged): a change
 * shows at once.
 */
export default ({ strapi }: { strapi: Core.Strapi }) =>
  siteRouter([
    routeFor(strapi)({
      method: 'GET',
      path: sitePagePaths.site,
      config: PUBLIC,
      handler: async (ctx) => {
        const page = ctx.params.page as SitePageKey;
        if (!SITE_PAGES.includes(page)) throw new ApiError(404, 'api.error.notFound');
        const row = (await strapi.db.query(SITE_PAGE_UIDS[page]).findOne({ select: ['title', 'body', 'updatedAt'] })) as PageRow | null;
        if (!row || !row.title) throw new ApiError(404, 'api.error.notFound');
        const answer: SitePage = {
          page,
          title: row.title,
          body: Array.isArray(row.body) ? row.body : [],
          updatedAt: isoString(row.updatedAt),
        };
        const body = ok(answer);
        const etag = `"${crypto.createHash('sha1').update(JSON.stringify(body)).digest('base64url')}"`;
        ctx.set('Cache-Control', 'public, no-cache');
        ctx.set('ETag', etag);
        if (ctx.get('if-none-match') === etag) {
          ctx.status = 304;
          ctx.body = null;
          return;
        }
        ctx.status = 200;
        ctx.body = body;
      },
    }),
  ]);
