import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sitePagePaths, type ApiError, type CmsSitePage, type SitePageInput, type SitePageKey } from '@plataforma/adapter';
import { api } from '../../shared/api';
import { sitePageKeys } from '../../shared/site-pages/api';

/** The site pages editor's query keys (/cms/paginas). */
export const cmsSitePageKeys = { one: (page: SitePageKey) => ['cms', sitePagePaths.cms, page] as const };

/** A page as its editor reads it: empty, without a date, before it was ever written. */
export const cmsSitePageQuery = (page: SitePageKey) =>
  queryOptions<CmsSitePage, ApiError>({ queryKey: cmsSitePageKeys.one(page), queryFn: () => api.cms.pages.get(page) });

export const useCmsSitePage = (page: SitePageKey) => useQuery(cmsSitePageQuery(page));

/** Writes a page whole; the answer is the page as stored, and the site's copy in this tab is read again. */
export const useSaveSitePage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ page, input }: { page: SitePageKey; input: SitePageInput }) => api.cms.pages.save(page, input),
    onSuccess: (answer, { page }) => {
      queryClient.setQueryData(cmsSitePageKeys.one(page), answer.data);
      return queryClient.invalidateQueries({ queryKey: sitePageKeys.one(page) });
    },
  });
};
