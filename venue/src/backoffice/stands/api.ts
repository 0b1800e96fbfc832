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
  type StandReport,
  type StandReportFormat,
  type StandReportQuery,
  fillPath,
  standReportPaths,
} from '@plataforma/adapter';
import { CMS_PREFIX } from '@plataforma/adapter/routes';
import { standPagePath } from '@plataforma/adapter/routes';
import { api } from '../../shared/api';
import { downloadFile, resourceApi } from '../api';

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

/** The exhibitor report of a stand over a range (decision 049). */
export const standReportKey = (standId: number, range: StandReportQuery) =>
  [...standKeys.all, 'report', standId, range.from ?? '', range.to ?? ''] as const;

export const standReportQuery = (standId: number, range: StandReportQuery) =>
  queryOptions<StandReport, ApiError, StandReport, ReturnType<typeof standReportKey>>({
    queryKey: standReportKey(standId, range),
    queryFn: () => api.cms.standReport(standId, range),
  });

const MIME: Record<StandReportFormat, string> = {
  csv: 'text/csv;charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

/** Downloads the report as a file, under the name the server gives. */
export const downloadStandReport = (standId: number, format: StandReportFormat, range: StandReportQuery) =>
  downloadFile({
    url: `${CMS_PREFIX}${fillPath(standReportPaths.export, { id: standId })}`,
    params: { format, ...(range.from ? { from: range.from } : {}), ...(range.to ? { to: range.to } : {}) },
    type: MIME[format],
    fallbackName: `relatorio-estande-${standId}.${format}`,
  });
