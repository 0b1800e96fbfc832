import { sitePageInputSchema, sitePageUpdateSchema } from '@plataforma/adapter';
import type { DocumentRules } from '../../documents/rules';
import { SITE_PAGE_UIDS } from '../../lib/site-pages';

/**
 * The pages' rules on the stock write paths (the Content Manager, API tokens): a title, a body of
 * the blocks editor's nodes only, and an activity-log line for each change (decision 023).
 */
export const sitePageRules: DocumentRules[] = [
  {
    uid: SITE_PAGE_UIDS.terms,
    labels: { one: 'página de termos de uso', many: 'páginas de termos de uso' },
    logAction: 'pages',
    create: sitePageInputSchema,
    update: sitePageUpdateSchema,
  },
  {
    uid: SITE_PAGE_UIDS.about,
    labels: { one: 'página sobre nós', many: 'páginas sobre nós' },
    logAction: 'pages',
    create: sitePageInputSchema,
    update: sitePageUpdateSchema,
  },
];
