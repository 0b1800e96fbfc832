import type { Core } from '@strapi/strapi';
import { ApiError, jobListQuerySchema, jobPaths, type Job } from '@plataforma/adapter';
import { reply, type RouteContext, type RouteDef } from '@plataforma/adapter/server';
import { logActivity } from '../activity/log';
import { identityOf } from '../auth/identity';
import { routeFor } from '../http/router';
import { jobSummary, listJobs, retryJob, getJob } from './index';
import type { JobRecord } from './types';

/** A job as 'Tarefas' reads it: its data stays on the server (it may hold personal data). */
export const jobToWire = (job: JobRecord): Job => ({
  id: job.id,
  kind: job.kind,
  state: job.state,
  key: job.key,
  priority: job.priority,
  attempts: job.attempts,
  maxAttempts: job.maxAttempts,
  error: job.error,
  createdAt: job.createdAt.toISOString(),
  startAfter: job.startAfter.toISOString(),
  startedAt: job.startedAt?.toISOString() ?? null,
  finishedAt: job.finishedAt?.toISOString() ?? null,
});

const CONFIG = { auth: false as const };

/**
 * 'Tarefas' (admin, decision 079): the jobs newest first, filtered by kind and state; each
 * kind's counts by state; 'Tentar de novo' of a dead job (an activity-log line).
 */
export const jobRoutes = (strapi: Core.Strapi): RouteDef[] => {
  const route = routeFor(strapi);
  const list = route({
    method: 'GET',
    path: jobPaths.cms,
    config: CONFIG,
    handler: async (ctx) => {
      const query = jobListQuerySchema.safeParse(ctx.query);
      if (!query.success) throw new ApiError(400, 'api.error.invalidQuery');
      const { rows, count } = await listJobs(strapi, query.data);
      return reply({ rows: rows.map(jobToWire), count });
    },
  });
  const summary = route({
    method: 'GET',
    path: jobPaths.summary,
    config: CONFIG,
    handler: async () => reply(await jobSummary(strapi)),
  });
  const retry = route({
    method: 'POST',
    path: jobPaths.retry,
    config: CONFIG,
    handler: async (ctx: RouteContext) => {
      const id = String(ctx.params.id ?? '');
      const job = await getJob(strapi, id);
      if (!job) throw new ApiError(404, 'api.error.notFound');
      if (!(await retryJob(strapi, id))) throw new ApiError(409, 'jobs.error.notDead');
      const who = identityOf(ctx.state);
      await logActivity(strapi, {
        action: 'jobs.retry',
        description: `Colocou de novo na fila a tarefa ${job.kind} ${job.id} (estava parada depois de ${job.attempts} tentativas: ${job.error ?? 'sem mensagem'}).`,
        actor: who ? { id: who.id, name: who.name, email: who.email, staff: who.kind === 'staff' } : null,
        ip: ctx.ip,
      });
      return reply(jobToWire((await getJob(strapi, id)) ?? job), 'jobs.retried');
    },
  });
  // Before '/jobs/:id…': 'summary' is not an id.
  return [summary, list, retry];
};
