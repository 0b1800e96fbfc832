import type { Core } from '@strapi/strapi';
import { ApiError, SITE_PAGES, sitePagePaths, type Block, type SitePage, type SitePageKey } from '@plataforma/adapter';
import { reply } from '@plataforma/adapter/server';
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
 * its single type; 404 before it was written. Cacheable for a minute.
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
        ctx.set('Cache-Control', 'public, max-age=60');
        const answer: SitePage = {
          page,
          title: row.title,
          body: Array.isArray(row.body) ? row.body : [],
          updatedAt: isoString(row.updatedAt),
        };
        return reply(answer);
      },
    }),
  ]);
