/**
 * The job system's public types (decision 079). A job is data (JSON) of a kind; a kind is code
 * (its handler, retries, expiry, concurrency) registered at boot. The same API runs on pg-boss
 * (PostgreSQL) and on a table of the SQLite file (the embedded default).
 */

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
/** What a job carries: a JSON object (never a function, a Date or a class instance). */
export type JobData = { [key: string]: Json };

/**
 * A job's state as the back office shows it: `queued` (waiting for its time or a worker),
 * `active` (a worker has it), `completed`, `retrying` (failed, will run again after its backoff),
 * `dead` (failed on its last attempt, or permanently: 'Tentar de novo' queues it again),
 * `cancelled`.
 */
export const JOB_STATES = ['queued', 'active', 'completed', 'retrying', 'dead', 'cancelled'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** What a handler is told beside the job's data. */
export interface JobContext {
  readonly id: string;
  /** 1 on the first run, 2 on the first retry… */
  readonly attempt: number;
  /** The attempts the job may make in all (retries + 1). */
  readonly maxAttempts: number;
  /** Aborted when the job runs past its expiry or the process stops: stop and throw. */
  readonly signal: AbortSignal;
}

/** What a kind says about its jobs. */
export interface JobKindSpec<T extends JobData> {
  /** Lower-case words with dots or hyphens ('email.send'); the same on every instance. */
  name: string;
  handler: (data: T, context: JobContext) => Promise<void>;
  /** Retries after the first attempt (default 3). */
  retries?: number;
  /** The wait before the first retry, in seconds (default 10). */
  retryDelaySeconds?: number;
  /** Each retry waits about twice the one before (with jitter), up to 2^16 times the first (default true). */
  backoff?: boolean;
  /**
   * How long one attempt may run, in seconds (default 300). Past it the attempt counts as failed
   * (retried or dead): in this process its signal aborts; a job whose worker died (a crash, a
   * kill) is taken again by any instance once it has expired.
   */
  expireSeconds?: number;
  /** Jobs of this kind one process runs at the same time (default 1). */
  concurrency?: number;
  /** Runs once a job of this kind is dead (its last attempt failed): e.g. mark the row it was about. */
  onDead?: (data: T, error: string) => Promise<void>;
}

export interface JobKind<T extends JobData> extends Required<Omit<JobKindSpec<T>, 'onDead'>> {
  readonly onDead?: (data: T, error: string) => Promise<void>;
  /** Type-only: the data this kind's jobs carry. */
  readonly __data?: T;
}

/** Any kind, as the registry keeps them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a kind's data type is contravariant in its handler; the registry holds every kind
export type AnyJobKind = JobKind<any>;

export interface SendOptions {
  /** Not before this time (a Date) or this many seconds from now. */
  startAfter?: Date | number;
  /**
   * A dedupe key: while a job of this kind and key waits (queued, or waiting for a retry), sending
   * another one queues nothing and answers the waiting job's id.
   */
  key?: string;
  /** Higher runs first among the kind's waiting jobs (default 0). */
  priority?: number;
}

/** A job as the back office reads it. */
export interface JobRecord {
  id: string;
  kind: string;
  state: JobState;
  data: JobData;
  key: string | null;
  priority: number;
  /** Attempts started so far. */
  attempts: number;
  maxAttempts: number;
  /** The last failure's message (a failed attempt, an expiry), null when none. */
  error: string | null;
  createdAt: Date;
  startAfter: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

export interface JobListQuery {
  kind?: string;
  state?: JobState;
  /** Words of the kind, the key or the error (case-insensitive). */
  search?: string;
  limit: number;
  offset: number;
}

export interface JobKindSummary {
  kind: string;
  counts: Record<JobState, number>;
}

/** Thrown by a handler for a failure no retry can mend: the job is dead at once. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}
