import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  LIST_LIMIT_MAX,
  standPaths,
  type ApiError,
  type ListResult,
  type Stand,
  type StandAttendant,
  type StandAttendantInput,
  type StandInput,
} from '@plataforma/adapter';
import { standPagePath } from '@plataforma/adapter/routes';
import { api } from '../../shared/api';
import { resourceApi } from '../api';

/**
 * Stands under /api/cms/v1: an admin reads every stand (an event's with `{ eventId }`); an
 * attendant only the stands assigned to them (the server filters them).
 */
const stands = resourceApi<Stand, StandInput>(standPaths.cms);

export const standKeys = {
  ...stands.keys,
  attendants: (standId: number) => [...stands.keys.all, 'attendants', standId] as const,
};
export const standsListQuery = stands.listQuery;
export const standQuery = stands.oneQuery;
/** Saves take a FormData: the fields, `image` when one was chosen, `removeImage` 1 when it goes. */
export const useSaveStand = stands.useSave;
export const useDeleteStands = stands.useDelete;

/**
 * The stands a selector offers (the Mídia and 'Produtos e serviços' sections): those of an event,
 * or without one every stand the user may see (an attendant's own), by name, up to the most a
 * list page serves.
 */
export const standOptionsQuery = (eventId: number | null) =>
  stands.listQuery({ limit: LIST_LIMIT_MAX, offset: 0, order: { field: 'name', direction: 'asc' } }, eventId === null ? {} : { eventId });

/** The attendants assigned to a stand (rows with the nested user). */
export const standAttendantsQuery = (standId: number) =>
  queryOptions<ListResult<StandAttendant>, ApiError, ListResult<StandAttendant>, ReturnType<typeof standKeys.attendants>>({
    queryKey: standKeys.attendants(standId),
    queryFn: () => api.cms.stands.attendants.list(standId),
  });

const useReloadAttendants = (standId: number) => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: standKeys.attendants(standId) });
};

/** Assigns a user (an attendant not yet assigned) to the stand. */
export const useAddAttendant = (standId: number) => {
  const reload = useReloadAttendants(standId);
  return useMutation({ mutationFn: (input: StandAttendantInput) => api.cms.stands.attendants.add(standId, input), onSuccess: reload });
};

/** Removes assignments of the stand, by the assignment's id. */
export const useRemoveAttendants = (standId: number) => {
  const reload = useReloadAttendants(standId);
  return useMutation({ mutationFn: (ids: number[]) => api.cms.stands.attendants.remove(standId, ids), onSuccess: reload });
};

/** The venue's page of a stand (SPEC §2.4 estande/{id-slug}), for 'ver no site'; null when the stand has no event. */
export const standSiteUrl = (stand: Pick<Stand, 'id' | 'name' | 'eventId'>): string | null =>
  stand.eventId === null ? null : standPagePath(stand.eventId, stand);
