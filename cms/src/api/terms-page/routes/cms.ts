import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import {
  ApiError,
  SITE_PAGES,
  sitePageInputSchema,
  sitePagePaths,
  type Block,
  type CmsSitePage,
  type SitePageKey,
} from '@plataforma/adapter';
import { parseBody, reply, type RouteContext } from '@plataforma/adapter/server';
import { cmsRouter, routeFor } from '../../../http/router';
import { isoString } from '../../../lib/wire';
import { SITE_PAGE_UIDS } from '../../../lib/site-pages';

interface PageRow {
  documentId: string;
  title: string | null;
  body: Block[] | null;
  updatedAt: string | Date;
}

const pageOf = (ctx: RouteContext): SitePageKey => {
  const page = ctx.params.page;
  if (!page || !(SITE_PAGES as readonly string[]).includes(page)) throw new ApiError(404, 'api.error.notFound');
  return page as SitePageKey;
};

/**
 * The back office's editor of the site's written pages (/cms/paginas, admin):
 * `GET /api/cms/v1/pages/:page` reads a page (an empty one, without a date, before it was ever
 * written) and `PUT` writes its title and body. The write goes through the document service, as
 * the Content Manager's does: the same rules (`sitePageRules`) and one activity-log line, with
 * the staff user as its author (cms/src/documents/rules.ts). The site reads it at once (its
 * route revalidates every read).
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const define = routeFor(strapi);
  const stored = async (page: SitePageKey) =>
    (await strapi.db.query(SITE_PAGE_UIDS[page]).findOne({ select: ['documentId', 'title', 'body', 'updatedAt'] })) as PageRow | null;
  const wire = (page: SitePageKey, row: PageRow | null): CmsSitePage => ({
    page,
    title: row?.title ?? '',
    body: Array.isArray(row?.body) ? row.body : [],
    updatedAt: row ? isoString(row.updatedAt) : null,
  });

  return cmsRouter([
    define({
      method: 'GET',
      path: sitePagePaths.cms,
      config: { auth: false },
      handler: async (ctx) => {
        const page = pageOf(ctx);
        return reply(wire(page, await stored(page)));
      },
    }),
    define({
      method: 'PUT',
      path: sitePagePaths.cms,
      config: { auth: false },
      handler: async (ctx) => {
        const page = pageOf(ctx);
        const input = parseBody(sitePageInputSchema, ctx.request.body);
        const documents = strapi.documents(SITE_PAGE_UIDS[page]);
        // The schema's blocks are the stock editor's; Strapi types them as its own blocks value.
        const data = input as unknown as Parameters<typeof documents.create>[0]['data'];
        const row = await stored(page);
        try {
          if (row) await documents.update({ documentId: row.documentId, data });
          else await documents.create({ data });
        } catch (error) {
          // The document rules refuse in Strapi's shape (a column too long, for one): the product answers its own.
          if (error instanceof errors.ValidationError) throw new ApiError(400, 'api.error.invalidBody');
          throw error;
        }
        return reply(wire(page, await stored(page)), 'api.updated');
      },
    }),
  ]);
};
