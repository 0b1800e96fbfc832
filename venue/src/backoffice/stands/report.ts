import { queryOptions } from '@tanstack/react-query';
import {
  fillPath,
  standReportPaths,
  type ApiError,
  type StandReport,
  type StandReportFormat,
  type StandReportQuery,
} from '@plataforma/adapter';
import { CMS_PREFIX } from '@plataforma/adapter/routes';
import { api } from '../../shared/api';
import { downloadFile } from '../../shared/download';
import { standKeys } from './api';

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
