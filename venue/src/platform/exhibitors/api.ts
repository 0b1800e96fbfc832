import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ApiError, FavouriteMark, Favourites } from '@plataforma/adapter';
import { api } from '../../shared/api';
import { useAppState } from '../../shared/state/store';
import { useAgendaClient } from '../agenda/api';

/** How long the favourites are taken as fresh: they change only from this browser's own clicks (which update them at once). */
const FRESH_MS = 5 * 60_000;

/** Query keys of the favourite stands: per event and per client, so a sign-in as someone else never shows the last one's. */
export const favouriteKeys = {
  all: ['favourites'] as const,
  event: (eventId: number | null, clientId: number | null) => [...favouriteKeys.all, eventId, clientId] as const,
};

export const favouritesQuery = (eventId: number | null, clientId: number | null) =>
  queryOptions<Favourites, ApiError>({
    queryKey: favouriteKeys.event(eventId, clientId),
    queryFn: () => api.site.favourites.list(eventId as number),
    enabled: eventId !== null && clientId !== null,
    staleTime: FRESH_MS,
    retry: false,
  });

/** The ids of the stands the signed-in client marked in this event; asks nothing without a client (decision 034). */
export const useFavourites = (eventId: number | null) => useQuery(favouritesQuery(eventId, useAgendaClient()));

interface FavouriteChange {
  standId: number;
  favourite: boolean;
}

/**
 * Marks or unmarks a stand, as the programme's star does a lecture: the heart follows the click
 * at once (the cached list is changed before the call); a failure puts the list back and says so
 * in a toast; either way the list is asked again afterwards.
 */
export const useToggleFavourite = (eventId: number | null) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = favouriteKeys.event(eventId, useAgendaClient());
  const showToast = useAppState((state) => state.showToast);
  return useMutation<FavouriteMark, ApiError, FavouriteChange, { previous: Favourites | undefined }>({
    mutationFn: ({ standId, favourite }) => (favourite ? api.site.favourites.add(standId) : api.site.favourites.remove(standId)),
    onMutate: async ({ standId, favourite }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Favourites>(key);
      const others = (previous?.standIds ?? []).filter((id) => id !== standId);
      queryClient.setQueryData<Favourites>(key, { standIds: favourite ? [...others, standId] : others });
      return { previous };
    },
    onError: (_error, { favourite }, context) => {
      queryClient.setQueryData<Favourites | undefined>(key, context?.previous);
      showToast(favourite ? t('exhibitors.favouriteFailed') : t('exhibitors.unfavouriteFailed'), 'error');
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
};
