import { CMS_PREFIX } from '@plataforma/adapter/routes';
import { clientPaths, type ClientAdminInput, type ClientExportFormat, type ClientProfile } from '@plataforma/adapter';
import { api } from '../../shared/api';
import { resourceApi } from '../resource';

const clients = resourceApi<ClientProfile, ClientAdminInput>(clientPaths.cms);

export const clientKeys = clients.keys;
export const clientsListQuery = clients.listQuery;
export const useSaveClient = clients.useSave;
export const useDeleteClients = clients.useDelete;

const MIME: Record<ClientExportFormat, string> = {
  csv: 'text/csv;charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The file name the server gives (`Content-Disposition`), or one of the day. */
const fileName = (disposition: unknown, format: ClientExportFormat): string => {
  const named = typeof disposition === 'string' ? /filename="([^"]+)"/.exec(disposition)?.[1] : undefined;
  return named ?? `clientes-${new Date().toISOString().slice(0, 10)}.${format}`;
};

/**
 * Downloads the clients the table's search selects (every page) as a CSV or XLSX file: the
 * request carries the staff token, so the file is fetched and then saved through a link. `search`
 * and `order` are the table's (its URL's), blank for none.
 */
export const downloadClients = async (format: ClientExportFormat, search: string, order: string) => {
  const response = await api.http.request<BlobPart>({
    method: 'GET',
    url: `${CMS_PREFIX}${clientPaths.export}`,
    params: { format, ...(search ? { search } : {}), ...(order ? { order } : {}) },
    responseType: 'blob',
    timeout: 0,
  });
  const url = URL.createObjectURL(new Blob([response.data], { type: MIME[format] }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName(response.headers?.['content-disposition'], format);
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
};
