import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { jobPaths, type ApiError, type Job, type JobKindSummary, type JobState, type ListResult } from '@plataforma/adapter';
import { api } from '../../shared/api';
import type { TableQuery } from '../ui/DataTable';

/** A job as the table shows it: the table's rows are numbered, the job keeps its own id. */
export type JobRow = Omit<Job, 'id'> & { id: number; jobId: string };

export interface JobFilters {
  kind: string | null;
  state: JobState | null;
}

/** 'Tarefas' (decision 079): the jobs by kind and state, and each kind's counts. */
export const jobKeys = {
  all: ['cms', jobPaths.cms] as const,
  summary: () => [...jobKeys.all, 'summary'] as const,
  list: (query: TableQuery, filters: JobFilters) => [...jobKeys.all, 'list', filters, query] as const,
};

export const jobsListQuery = (query: TableQuery, filters: JobFilters) =>
  queryOptions<ListResult<JobRow>, ApiError, ListResult<JobRow>, ReturnType<typeof jobKeys.list>>({
    queryKey: jobKeys.list(query, filters),
    queryFn: async () => {
      const answer = await api.cms.jobs.list({
        limit: query.limit,
        offset: query.offset,
        ...(query.search ? { search: query.search } : {}),
        ...(filters.kind ? { kind: filters.kind } : {}),
        ...(filters.state ? { state: filters.state } : {}),
      });
      return { count: answer.count, rows: answer.rows.map((job, index) => ({ ...job, id: query.offset + index + 1, jobId: job.id })) };
    },
  });

export const jobSummaryQuery = queryOptions<JobKindSummary[], ApiError>({
  queryKey: jobKeys.summary(),
  queryFn: () => api.cms.jobs.summary(),
});

export const useJobSummary = () => useQuery(jobSummaryQuery);

/** 'Tentar de novo': a dead job queued again; the lists and counts reload. */
export const useRetryJob = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.cms.jobs.retry(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobKeys.all }),
  });
};
