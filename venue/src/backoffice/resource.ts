import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiError, ListResult } from '@plataforma/adapter';
import { api } from '../shared/api';
import type { TableQuery } from './ui/DataTable';

/**
 * The data of one back-office resource under /api/cms/v1 (SPEC §7): its query-key factory, the
 * list query of a table state, and the save and delete mutations, which reload every query of
 * the resource. Each feature's `api.ts` names its own from this one factory (its hooks such as
 * `useUsers`, `useSaveUser`), so a feature folder owns its data without a second copy of it.
 */
export const resourceApi = <Row, Input = Partial<Row>>(path: string) => {
  const client = api.cms.resource<Row, Input>(path);
  const keys = {
    all: ['cms', path] as const,
    lists: () => [...keys.all, 'list'] as const,
    list: (query: TableQuery) => [...keys.lists(), query] as const,
  };

  const listQuery = (query: TableQuery) =>
    queryOptions<ListResult<Row>, ApiError, ListResult<Row>, ReturnType<typeof keys.list>>({
      queryKey: keys.list(query),
      queryFn: () => client.list(query),
    });

  const useInvalidate = () => {
    const queryClient = useQueryClient();
    return () => queryClient.invalidateQueries({ queryKey: keys.all });
  };

  /** Creates (no id) or updates a row; answers the server's envelope (its `msg` is the toast). */
  const useSave = () => {
    const invalidate = useInvalidate();
    return useMutation({
      mutationFn: ({ id, input }: { id?: number; input: Input }) => (id === undefined ? client.create(input) : client.update(id, input)),
      onSuccess: invalidate,
    });
  };

  const useDelete = () => {
    const invalidate = useInvalidate();
    return useMutation({ mutationFn: (ids: number[]) => client.remove(ids), onSuccess: invalidate });
  };

  return { keys, listQuery, useSave, useDelete };
};
