import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiError, ListResult, NetworkConsent, NetworkPerson } from '@plataforma/adapter';
import { NETWORK_PAGE_SIZE } from '@plataforma/adapter/constants';
import { api } from '../api';

/** Query keys of the networking room: the event's list (per search) and the visitor's own consent. */
export const networkKeys = {
  all: ['network'] as const,
  lists: (eventId: number | null) => [...networkKeys.all, eventId] as const,
  list: (eventId: number | null, search: string) => [...networkKeys.lists(eventId), search] as const,
  consent: () => [...networkKeys.all, 'consent'] as const,
};

/**
 * Who is listed at the event, 30 at a time (SPEC §9). Not tried again: a failure shows the
 * translated message once and stops searching (no retry loop).
 */
export const networkListQuery = (eventId: number | null, search: string) =>
  infiniteQueryOptions<ListResult<NetworkPerson>, ApiError>({
    queryKey: networkKeys.list(eventId, search),
    queryFn: ({ pageParam }) =>
      api.site.networks.list(eventId as number, { offset: pageParam as number, size: NETWORK_PAGE_SIZE, ...(search ? { search } : {}) }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.rows.length, 0);
      return last.rows.length > 0 && loaded < last.count ? loaded : undefined;
    },
    enabled: eventId !== null,
    retry: false,
  });

export const useNetworkList = (eventId: number | null, search: string) => useInfiniteQuery(networkListQuery(eventId, search));

export const networkConsentQuery = () =>
  queryOptions<NetworkConsent, ApiError>({
    queryKey: networkKeys.consent(),
    queryFn: () => api.site.networks.consent(),
    retry: false,
  });

export const useNetworkConsent = () => useQuery(networkConsentQuery());

/** The visitor's choice: listed or not, and (while listed) whether the list shows the e-mail; left as it was when not given. */
export interface NetworkConsentChoice {
  listed: boolean;
  showEmail?: boolean;
}

/**
 * Turns the visitor's listing (and its e-mail) on or off, from the network room (`eventId`, whose
 * lists are asked again) or the profile (no event); the answer becomes the consent. `onError`
 * passes through (the profile toasts it).
 */
export const useSetNetworkConsent = (eventId: number | null, options: { onError?: (error: ApiError) => void } = {}) => {
  const queryClient = useQueryClient();
  return useMutation<NetworkConsent, ApiError, NetworkConsentChoice>({
    mutationFn: ({ listed, showEmail }) =>
      showEmail === undefined ? api.site.networks.setConsent(listed) : api.site.networks.setConsent(listed, showEmail),
    onSuccess: (answer) => {
      queryClient.setQueryData(networkKeys.consent(), answer);
      if (eventId !== null) void queryClient.invalidateQueries({ queryKey: networkKeys.lists(eventId) });
    },
    onError: options.onError,
  });
};
