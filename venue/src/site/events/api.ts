import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ApiError, Category, CmsLecture, Event, ListResult } from '@plataforma/adapter';
import type { EventCatalogueQuery } from '@plataforma/adapter/client';
import { api } from '../../shared/api';

/** The catalogue changes when an organiser publishes: a minute of freshness is plenty. */
const FRESH_MS = 60_000;

export const catalogueKeys = {
  all: ['catalogue'] as const,
  list: (query: EventCatalogueQuery) => [...catalogueKeys.all, 'list', query] as const,
  featured: () => [...catalogueKeys.all, 'featured'] as const,
  categories: () => [...catalogueKeys.all, 'categories'] as const,
  programme: (eventId: number | null) => [...catalogueKeys.all, 'programme', eventId] as const,
};

/** A page of the catalogue; the previous page stays on screen while the next one loads. */
export const useCatalogue = (query: EventCatalogueQuery) =>
  useQuery<ListResult<Event>, ApiError>({
    queryKey: catalogueKeys.list(query),
    queryFn: () => api.site.events.list(query),
    placeholderData: keepPreviousData,
    staleTime: FRESH_MS,
  });

export const useFeaturedEvents = (enabled: boolean) =>
  useQuery<ListResult<Event>, ApiError>({
    queryKey: catalogueKeys.featured(),
    queryFn: () => api.site.events.featured({ limit: 6 }),
    enabled,
    staleTime: FRESH_MS,
  });

export const useCategories = () =>
  useQuery<ListResult<Category>, ApiError>({
    queryKey: catalogueKeys.categories(),
    queryFn: () => api.site.categories.list({ limit: 100 }),
    staleTime: 5 * FRESH_MS,
  });

/** The event's lectures with their speakers (its page's programme). */
export const useProgramme = (eventId: number | null) =>
  useQuery<ListResult<CmsLecture>, ApiError>({
    queryKey: catalogueKeys.programme(eventId),
    queryFn: () => api.site.lectures.event(eventId as number),
    enabled: eventId !== null,
    staleTime: FRESH_MS,
  });
