import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiError, ListResult } from '@plataforma/adapter';
import type { UploadOptions } from '@plataforma/adapter/client';
import { api } from '../shared/api';
import { dispositionFileName, saveBlob } from '../shared/download';
import type { TableQuery } from './ui/DataTable';

/** A list's filters beside the table state (the parent of the rows: `{ eventId: 3 }`, `{ standId: 7 }`). */
export type ListFilters = Record<string, string | number>;

/**
 * What a save hands the mutation: the row's id to update (none to create), the input (a
 * FormData for a save with files; an update may send only some fields) and its upload options.
 */
export interface SaveVariables<Input> {
  id?: number;
  input: Input | Partial<Input> | FormData;
  /** Progress and cancellation of a save with files (`useUpload().track`). */
  upload?: UploadOptions;
}

/**
 * The data of one back-office resource under /api/cms/v1 (SPEC §7): its query-key factory, the
 * list query of a table state, and the save and delete mutations, which reload every query of
 * the resource. Each feature's `api.ts` names its own from this one factory (its hooks such as
 * `useUsers`, `useSaveUser`), so a feature folder owns its data without a second copy of it.
 * A save takes JSON or a FormData (multipart, `toFormData`) with its upload progress and signal.
 */
export const resourceApi = <Row, Input = Partial<Row>>(path: string) => {
  const client = api.cms.resource<Row, Input>(path);
  const keys = {
    all: ['cms', path] as const,
    lists: () => [...keys.all, 'list'] as const,
    list: (query: TableQuery, filters: ListFilters = {}) => [...keys.lists(), filters, query] as const,
    one: (id: number) => [...keys.all, 'one', id] as const,
  };

  /** The rows of a table state, narrowed by `filters` (an event's rooms: `{ eventId }`). */
  const listQuery = (query: TableQuery, filters: ListFilters = {}) =>
    queryOptions<ListResult<Row>, ApiError, ListResult<Row>, ReturnType<typeof keys.list>>({
      queryKey: keys.list(query, filters),
      queryFn: () => client.list(query, filters),
    });

  const oneQuery = (id: number) =>
    queryOptions<Row, ApiError, Row, ReturnType<typeof keys.one>>({ queryKey: keys.one(id), queryFn: () => client.get(id) });

  const useInvalidate = () => {
    const queryClient = useQueryClient();
    return () => queryClient.invalidateQueries({ queryKey: keys.all });
  };

  /** Creates (no id) or updates a row; answers the server's envelope (its `msg` is the toast). */
  const useSave = () => {
    const invalidate = useInvalidate();
    return useMutation({
      mutationFn: ({ id, input, upload }: SaveVariables<Input>) =>
        // A create's input is whole: the form's schema parsed it.
        id === undefined ? client.create(input as Input | FormData, upload) : client.update(id, input, upload),
      onSuccess: invalidate,
    });
  };

  const useDelete = () => {
    const invalidate = useInvalidate();
    return useMutation({ mutationFn: (ids: number[]) => client.remove(ids), onSuccess: invalidate });
  };

  return { keys, listQuery, oneQuery, useSave, useDelete, useInvalidate };
};

/**
 * Downloads a file of the back office's API (an export, a report): the request carries the staff
 * token, which a plain link cannot, so the file is fetched as a blob and then saved under the
 * name the server gives (`Content-Disposition`), else `fallbackName`.
 */
export const downloadFile = async ({
  url,
  params,
  type,
  fallbackName,
}: {
  url: string;
  params?: Record<string, string | number>;
  type: string;
  fallbackName: string;
}): Promise<void> => {
  const response = await api.http.request<BlobPart>({ method: 'GET', url, params, responseType: 'blob', timeout: 0 });
  saveBlob(response.data, type, dispositionFileName(response.headers?.['content-disposition']) ?? fallbackName);
};
