import { z } from 'zod';

export { jobPaths } from './paths';

/** The job system's states (decision 079), as 'Tarefas' shows and filters them. */
export const JOB_STATES = ['queued', 'active', 'completed', 'retrying', 'dead', 'cancelled'] as const;
export const jobStateSchema = z.enum(JOB_STATES);
export type JobState = z.infer<typeof jobStateSchema>;

/** A job as 'Tarefas' lists it: its kind, state, attempts and last error (its data stays on the server). */
export const jobSchema = z.object({
  id: z.string(),
  kind: z.string(),
  state: jobStateSchema,
  key: z.string().nullable(),
  priority: z.number().int(),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  error: z.string().nullable(),
  createdAt: z.string(),
  startAfter: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type Job = z.infer<typeof jobSchema>;

/** Each kind with its count of jobs in every state. */
export const jobKindSummarySchema = z.object({
  kind: z.string(),
  counts: z.record(jobStateSchema, z.number().int()),
});
export type JobKindSummary = z.infer<typeof jobKindSummarySchema>;

/** The list's filters: a kind, a state, a page. */
export const jobListQuerySchema = z.object({
  kind: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9.-]{0,59}$/)
    .optional(),
  state: jobStateSchema.optional(),
  /** Words of a kind, a dedupe key or an error. */
  search: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type JobListQuery = z.infer<typeof jobListQuerySchema>;
