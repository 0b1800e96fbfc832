import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { CMS_PREFIX } from '@plataforma/adapter/routes';
import {
  clientPaths,
  type ApiError,
  type ClientAdminInput,
  type ClientExportFormat,
  type ClientImportJob,
  type ClientProfile,
  type ImportStatus,
  type ListResult,
} from '@plataforma/adapter';
import type { UploadOptions } from '@plataforma/adapter/client';
import { api } from '../../shared/api';
import { downloadFile } from '../api';
import { resourceApi } from '../api';

const clients = resourceApi<ClientProfile, ClientAdminInput>(clientPaths.cms);

export const clientKeys = clients.keys;
export const clientsListQuery = clients.listQuery;
export const useSaveClient = clients.useSave;
export const useDeleteClients = clients.useDelete;
/** Reloads the clients' table (after an import). */
export const useReloadClients = clients.useInvalidate;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MIME: Record<ClientExportFormat, string> = { csv: 'text/csv;charset=utf-8', xlsx: XLSX };

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Downloads the clients the table's search selects (every page) as a CSV or XLSX file. `search`
 * and `order` are the table's (its URL's), blank for none.
 */
export const downloadClients = (format: ClientExportFormat, search: string, order: string) =>
  downloadFile({
    url: `${CMS_PREFIX}${clientPaths.export}`,
    params: { format, ...(search ? { search } : {}), ...(order ? { order } : {}) },
    type: MIME[format],
    fallbackName: `clientes-${today()}.${format}`,
  });

// The spreadsheet imports (SPEC §4, issue 11): the upload answers the job at once, which then runs
// on the server; the modal polls it while it waits or runs.

/** How often a job that is queued or running is asked again. */
export const IMPORT_POLL_MS = 500;

/** The statuses a job leaves by itself (the modal keeps polling them). */
export const isActiveImport = (status: ImportStatus): boolean => status === 'queued' || status === 'running';

/** How many recent imports the modal lists. */
export const RECENT_IMPORTS = 5;

export const clientImportKeys = {
  all: ['cms', clientPaths.imports] as const,
  lists: () => [...clientImportKeys.all, 'list'] as const,
  list: (limit: number) => [...clientImportKeys.lists(), limit] as const,
  job: (id: number) => [...clientImportKeys.all, 'job', id] as const,
};

/** One job with its first rejected rows, asked again every 500 ms while it is queued or running. */
export const importJobQuery = (id: number) =>
  queryOptions<ClientImportJob, ApiError, ClientImportJob, ReturnType<typeof clientImportKeys.job>>({
    queryKey: clientImportKeys.job(id),
    queryFn: () => api.cms.clientImports.get(id),
    refetchInterval: (query) => (query.state.data && isActiveImport(query.state.data.status) ? IMPORT_POLL_MS : false),
  });

/** How often the list of imports is asked again while one of them is queued or running. */
export const RECENT_IMPORTS_POLL_MS = 2000;

/**
 * The latest imports, newest first (their rejects are not listed: each has its report), asked
 * again every 2 s while one of them is queued or running (another admin's, or one left running).
 */
export const recentImportsQuery = (limit = RECENT_IMPORTS) =>
  queryOptions<ListResult<ClientImportJob>, ApiError, ListResult<ClientImportJob>, ReturnType<typeof clientImportKeys.list>>({
    queryKey: clientImportKeys.list(limit),
    queryFn: () => api.cms.clientImports.list({ limit, offset: 0 }),
    refetchInterval: (query) => (query.state.data?.rows.some((job) => isActiveImport(job.status)) ? RECENT_IMPORTS_POLL_MS : false),
  });

/**
 * Sends a spreadsheet (`excelFile`): answers the envelope of the queued job, whose data seeds the
 * job's query (so its progress shows at once) and reloads the list of imports.
 */
export const useUploadClients = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, upload }: { file: File; upload?: UploadOptions }) => api.cms.clientImports.upload(file, upload),
    onSuccess: (answer) => {
      queryClient.setQueryData(clientImportKeys.job(answer.data.id), answer.data);
      return queryClient.invalidateQueries({ queryKey: clientImportKeys.lists() });
    },
  });
};

/** Reloads the list of imports (a job finished). */
export const useReloadImports = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: clientImportKeys.lists() });
};

/** Downloads a job's report: every rejected row with its column and reason, as XLSX. */
export const downloadImportReport = (job: Pick<ClientImportJob, 'id'>) =>
  downloadFile({
    url: api.cms.clientImports.reportUrl(job.id),
    type: XLSX,
    fallbackName: `importacao-${job.id}-rejeitadas.xlsx`,
  });
