import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ApiError, ListResult, Media, Product, Stand, StandContactInput, StandEventInput } from '@plataforma/adapter';
import { api } from '../../shared/api';

/** Query keys of a stand and its media and products. */
export const standKeys = {
  all: ['stand'] as const,
  detail: (standId: number | null) => [...standKeys.all, standId] as const,
  medias: (standId: number | null) => [...standKeys.all, standId, 'medias'] as const,
  products: (standId: number | null) => [...standKeys.all, standId, 'products'] as const,
};

export const standQuery = (standId: number | null) =>
  queryOptions<Stand, ApiError>({
    queryKey: standKeys.detail(standId),
    queryFn: () => api.site.stands.get(standId as number),
    enabled: standId !== null,
  });

export const useStand = (standId: number | null) => useQuery(standQuery(standId));

export const standMediasQuery = (standId: number | null) =>
  queryOptions<ListResult<Media>, ApiError>({
    queryKey: standKeys.medias(standId),
    queryFn: () => api.site.medias.list(standId as number, { limit: 100 }),
    enabled: standId !== null,
  });

export const useStandMedias = (standId: number | null) => useQuery(standMediasQuery(standId));

export const standProductsQuery = (standId: number | null) =>
  queryOptions<ListResult<Product>, ApiError>({
    queryKey: standKeys.products(standId),
    queryFn: () => api.site.products.list(standId as number, { limit: 100 }),
    enabled: standId !== null,
  });

export const useStandProducts = (standId: number | null) => useQuery(standProductsQuery(standId));

/** "Fale com o expositor": the signed-in visitor's message to the stand's attendants (POST /contacts/stand). */
export const useStandContact = () =>
  useMutation<unknown, ApiError, StandContactInput>({ mutationFn: (input) => api.site.contacts.stand(input) });

/**
 * What the visitor opened or clicked at the stand (decision 047), posted at the click through the
 * API client (so a signed-in visitor's token goes with it). Fire-and-forget: a failure (offline,
 * an ad blocker, the limit) never reaches the page, and the link opens anyway.
 */
export const recordStandEvent = (input: StandEventInput): void => {
  try {
    void api.site.standEvents.create(input).catch(() => undefined);
  } catch {
    // Never in the way of the click.
  }
};
