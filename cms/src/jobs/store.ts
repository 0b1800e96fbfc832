import type { AnyJobKind, JobData, JobKindSummary, JobListQuery, JobRecord, SendOptions } from './types';

/** A job a worker has just taken. */
export interface TakenJob {
  id: string;
  data: JobData;
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
}

/** What `fail` left: retrying later, dead, or nothing (the job was no longer active: expired, cancelled). */
export type FailOutcome = 'retrying' | 'dead' | 'gone';

/** A knex transaction (or the connection itself) the store writes on, the caller's when it has one. */
export type Executor = unknown;

/**
 * Where jobs live: pg-boss's schema on PostgreSQL, a table of the SQLite file otherwise. The
 * runner (runner.ts) takes, runs and settles jobs through it; both keep the same states.
 */
export interface JobStore {
  readonly name: 'pg-boss' | 'sqlite-table';
  /** Creates what it needs (schema, queues, tables); `work`: this process also takes jobs (supervision, schedules). */
  start(kinds: readonly AnyJobKind[], work: boolean): Promise<void>;
  stop(): Promise<void>;
  /** Queues a job, in `trx` (the caller's transaction) when given; a key already waiting answers the waiting job's id (SendOptions.key). */
  send(kind: AnyJobKind, data: JobData, options: SendOptions, trx?: Executor): Promise<string>;
  /** Queues many jobs of a kind at once (a few statements, not one a job), in `trx` when given; no dedupe key. */
  sendMany(kind: AnyJobKind, items: ReadonlyArray<{ data: JobData; options?: Omit<SendOptions, 'key'> }>, trx?: Executor): Promise<number>;
  /** Takes up to `count` jobs of a kind that are due, highest priority then oldest first; none is taken twice. */
  take(kind: AnyJobKind, count: number): Promise<TakenJob[]>;
  complete(kind: AnyJobKind, id: string): Promise<void>;
  /** An attempt failed: retried after its backoff while attempts remain (never when `permanent`), else dead. */
  fail(kind: AnyJobKind, id: string, error: string, permanent: boolean): Promise<FailOutcome>;
  /** A queued, retrying or active job cancelled; false when there was none such. */
  cancel(id: string): Promise<boolean>;
  /** A dead job queued again (one more attempt); false when it was not dead. */
  retry(id: string): Promise<boolean>;
  get(id: string): Promise<JobRecord | null>;
  list(query: JobListQuery): Promise<{ rows: JobRecord[]; count: number }>;
  summary(): Promise<JobKindSummary[]>;
  /** The kind's jobs sent on a cron schedule (five fields, in `tz`), once per cluster. */
  schedule(kind: AnyJobKind, cron: string, data: JobData, tz: string): Promise<void>;
  unschedule(kind: AnyJobKind): Promise<void>;
  /** Periodic upkeep this store does itself (expiry, retention, schedules); pg-boss supervises itself. */
  maintain(kinds: readonly AnyJobKind[]): Promise<void>;
}
