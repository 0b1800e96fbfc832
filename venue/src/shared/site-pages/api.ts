import { queryOptions } from '@tanstack/react-query';
import type { ApiError, SitePage, SitePageKey } from '@plataforma/adapter';
import { api } from '../api';

/** Where the site shows each written page. */
export const SITE_PAGE_PATHS: Readonly<Record<SitePageKey, string>> = { terms: '/termos', about: '/sobre' };

/** The site's written pages' query keys (the back office's editor drops a page's after saving it). */
export const sitePageKeys = { one: (page: SitePageKey) => ['site-page', page] as const };

/** A page as the site reads it; the server revalidates every read, this tab keeps it a minute. */
export const sitePageQuery = (page: SitePageKey) =>
  queryOptions<SitePage, ApiError>({ queryKey: sitePageKeys.one(page), queryFn: () => api.site.pages.get(page), staleTime: 60_000 });
