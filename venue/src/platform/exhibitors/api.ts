import type { Favourites } from '@plataforma/adapter';
import { api } from '../../shared/api';
import { useMarks, type MarkKind } from '../marks/useMarks';

/**
 * The favourite stands (decision 034, the twin of 'Minha agenda'): the stands the signed-in
 * client marked, as one kind of the client's marks. The keys are ['favourites', eventId, clientId].
 */
export const favouriteMarks: MarkKind<Favourites> = {
  key: 'favourites',
  list: (eventId) => api.site.favourites.list(eventId),
  mark: (standId) => api.site.favourites.add(standId),
  unmark: (standId) => api.site.favourites.remove(standId),
  idsOf: (favourites) => favourites.standIds,
  listOf: (standIds) => ({ standIds }),
  markFailed: 'exhibitors.favouriteFailed',
  unmarkFailed: 'exhibitors.unfavouriteFailed',
};

/** The directory's hearts: the marked set, and a toggle that marks or unmarks a stand (see `useMarks`). */
export const useFavourites = (eventId: number | null) => useMarks(favouriteMarks, eventId);
