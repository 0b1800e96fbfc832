import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { CMS_PREFIX } from '@plataforma/adapter/routes';
import {
  dashboardPaths,
  dashboardRangeQuerySchema,
  fillPath,
  type ApiError,
  type DashboardExportFormat,
  type DashboardRangeQuery,
  type EventDashboard,
  type GeneralDashboard,
} from '@plataforma/adapter';
import { api } from '../../shared/api';
import { downloadFile } from '../api';

/** The dashboards' figures move while an event runs: read again every minute while the screen is open. */
export const DASHBOARD_REFRESH_MS = 60_000;

export const dashboardKeys = {
  general: (range: DashboardRangeQuery) => ['dashboards', 'general', range.from ?? null, range.to ?? null] as const,
  event: (id: number, range: DashboardRangeQuery) => ['dashboards', 'event', id, range.from ?? null, range.to ?? null] as const,
};

export const generalDashboardQuery = (range: DashboardRangeQuery) =>
  queryOptions<GeneralDashboard, ApiError, GeneralDashboard, ReturnType<typeof dashboardKeys.general>>({
    queryKey: dashboardKeys.general(range),
    queryFn: () => api.cms.dashboards.general(range),
    refetchInterval: DASHBOARD_REFRESH_MS,
    placeholderData: keepPreviousData,
  });

export const eventDashboardQuery = (id: number, range: DashboardRangeQuery) =>
  queryOptions<EventDashboard, ApiError, EventDashboard, ReturnType<typeof dashboardKeys.event>>({
    queryKey: dashboardKeys.event(id, range),
    queryFn: () => api.cms.dashboards.event(id, range),
    refetchInterval: DASHBOARD_REFRESH_MS,
    placeholderData: keepPreviousData,
  });

/** The range of the address (`?from=2026-05-10&to=2026-05-11`), each day only when well formed; a reversed pair is dropped. */
export const readRange = (params: URLSearchParams): DashboardRangeQuery => {
  const day = (name: 'from' | 'to') => {
    const value = params.get(name);
    return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
  };
  const range = { from: day('from'), to: day('to') };
  return dashboardRangeQuerySchema.safeParse(range).success ? range : {};
};

const MIME: Record<DashboardExportFormat, string> = {
  csv: 'text/csv;charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Downloads the event dashboard's tables (CSV, or XLSX with a sheet per table) for the range shown. */
export const downloadEventDashboard = (id: number, format: DashboardExportFormat, range: { from: string; to: string }) =>
  downloadFile({
    url: `${CMS_PREFIX}${fillPath(dashboardPaths.eventExport, { id })}`,
    params: { format, from: range.from, to: range.to },
    type: MIME[format],
    fallbackName: `painel-evento-${id}-${range.from}-${range.to}.${format}`,
  });
