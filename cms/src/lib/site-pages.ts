import type { SitePageKey } from '@plataforma/adapter';

/** The single type of each of the site's written pages (terms of use, about us). */
export const SITE_PAGE_UIDS: Record<SitePageKey, 'api::terms-page.terms-page' | 'api::about-page.about-page'> = {
  terms: 'api::terms-page.terms-page',
  about: 'api::about-page.about-page',
};
