import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { settings } from '../lib/settings';
import { pgBossStore } from './pgboss-store';
import { JobRunner, type RunnerLog } from './runner';
import type { JobStore } from './store';
import { tableStore } from './table-store';
import type { AnyJobKind, JobData, JobKind, JobKindSummary, JobListQuery, JobRecord, SendOptions } from './types';

export { defineJob } from './define';
export * from './types';

/**
 * The job system of a Strapi instance (decision 079): one typed API on pg-boss (PostgreSQL) or
 * on a table of the SQLite file. Every domain defines its kinds (`defineJob`), the boot starts
 * them all at once (`startJobs`), and any code sends jobs (`sendJob`), in its own transaction
 * when it is in one.
 */
export interface JobSystem {
  readonly store: JobStore;
  readonly runner: JobRunner | null;
  readonly kinds: ReadonlyMap<string, AnyJobKind>;
}

export interface JobSystemOptions {
  work: boolean;
  pollMs: number;
  maintenanceSeconds: number;
  /** pg-boss's schema (PostgreSQL). */
  schema: string;
  graceMs?: number;
  log: RunnerLog;
}

/**
 * A job system on a database (Strapi's knex connection): its store, and its runner of `kinds`
 * when `work`. The app has one (`startJobs`); tests make more on the same database (two workers).
 */
export const createJobSystem = async (
  knex: Knex,
  client: string,
  kinds: readonly AnyJobKind[],
  options: JobSystemOptions,
): Promise<JobSystem> => {
  const names = new Set<string>();
  for (const kind of kinds) {
    if (names.has(kind.name)) throw new Error(`[jobs] two job kinds are named ${kind.name}`);
    names.add(kind.name);
  }
  const store =
    client === 'postgres'
      ? pgBossStore(knex, { schema: options.schema, maintenanceSeconds: options.maintenanceSeconds, log: options.log })
      : tableStore(knex);
  await store.start(kinds, options.work);
  const runner = options.work
    ? new JobRunner(store, kinds, {
        pollMs: options.pollMs,
        maintenanceMs: options.maintenanceSeconds * 1000,
        graceMs: options.graceMs ?? 5000,
        log: options.log,
      })
    : null;
  if (runner) {
    // The SQLite store's upkeep once now: what expired while the server was down.
    await runner.maintain();
    runner.start();
  }
  return { store, runner, kinds: new Map(kinds.map((kind) => [kind.name, kind])) };
};

/** Stops taking jobs; the running ones get a few seconds, then are interrupted (retried later). */
export const stopJobSystem = async (system: JobSystem): Promise<void> => {
  await system.runner?.stop();
  await system.store.stop();
};

const systems = new WeakMap<Core.Strapi, JobSystem>();

const systemOf = (strapi: Core.Strapi): JobSystem => {
  const system = systems.get(strapi);
  if (!system) throw new Error('[jobs] the job system has not started (startJobs in bootstrap)');
  return system;
};

/**
 * Starts the store and, unless JOBS_WORK=false, this instance's runner of every kind. Call once
 * in bootstrap, before anything sends a job; the kinds are every domain's.
 */
export const startJobs = async (strapi: Core.Strapi, kinds: readonly AnyJobKind[]): Promise<void> => {
  const { jobs } = settings();
  const system = await createJobSystem(strapi.db.connection as unknown as Knex, strapi.db.dialect.client, kinds, {
    ...jobs,
    log: strapi.log,
  });
  systems.set(strapi, system);
  strapi.log.info(
    `[jobs] ${system.store.name}: ${kinds.length} kinds${system.runner ? '' : ' (JOBS_WORK=false: this instance only queues jobs)'}`,
  );
};

/** Stops the app's job system, before the database closes (destroy). */
export const stopJobs = async (strapi: Core.Strapi): Promise<void> => {
  const system = systems.get(strapi);
  if (!system) return;
  systems.delete(strapi);
  await stopJobSystem(system);
};

/** The app's job system (tests reach its runner and store). */
export const jobSystemOf = (strapi: Core.Strapi): JobSystem => systemOf(strapi);

const registered = (system: JobSystem, kind: AnyJobKind): AnyJobKind => {
  const known = system.kinds.get(kind.name);
  if (known !== kind) throw new Error(`[jobs] the job kind ${kind.name} is not registered (add it to startJobs)`);
  return known;
};

/**
 * Queues a job of a kind and answers its id. Inside a transaction of the caller
 * (`strapi.db.transaction`) the job is written in it: rolled back with it, taken only once it
 * commits. With `key`, a job of the kind with that key still waiting answers its own id instead.
 */
export const sendJob = async <T extends JobData>(
  strapi: Core.Strapi,
  kind: JobKind<T>,
  data: T,
  options: SendOptions = {},
): Promise<string> => {
  const system = systemOf(strapi);
  registered(system, kind);
  if (!strapi.db.inTransaction()) {
    const id = await system.store.send(kind, data, options);
    system.runner?.wake(kind.name);
    return id;
  }
  // Nested: Strapi hands back the caller's transaction (its commit is the caller's).
  return strapi.db.transaction(async ({ trx, onCommit }) => {
    const id = await system.store.send(kind, data, options, trx);
    onCommit(() => system.runner?.wake(kind.name));
    return id;
  });
};

/**
 * Queues many jobs of a kind at once (an announcement's messages): a few statements rather than
 * one a job, in the caller's transaction when there is one; no dedupe key. Answers how many.
 */
export const sendJobs = async <T extends JobData>(
  strapi: Core.Strapi,
  kind: JobKind<T>,
  items: ReadonlyArray<{ data: T; options?: Omit<SendOptions, 'key'> }>,
): Promise<number> => {
  const system = systemOf(strapi);
  registered(system, kind);
  if (items.length === 0) return 0;
  if (!strapi.db.inTransaction()) {
    const count = await system.store.sendMany(kind, items);
    system.runner?.wake(kind.name);
    return count;
  }
  return strapi.db.transaction(async ({ trx, onCommit }) => {
    const count = await system.store.sendMany(kind, items, trx);
    onCommit(() => system.runner?.wake(kind.name));
    return count;
  });
};

/** Sends a kind's job on a cron schedule (five fields, in the time zone; once per cluster), replacing its earlier schedule. */
export const scheduleJob = async <T extends JobData>(
  strapi: Core.Strapi,
  kind: JobKind<T>,
  cron: string,
  data: T,
  options: { tz?: string } = {},
): Promise<void> => {
  const system = systemOf(strapi);
  await system.store.schedule(registered(system, kind), cron, data, options.tz ?? 'America/Sao_Paulo');
};

export const unscheduleJob = async (strapi: Core.Strapi, kind: AnyJobKind): Promise<void> => {
  const system = systemOf(strapi);
  await system.store.unschedule(registered(system, kind));
};

/** Cancels a waiting or running job (a running handler finishes, its outcome is dropped); false when there was none such. */
export const cancelJob = (strapi: Core.Strapi, id: string): Promise<boolean> => systemOf(strapi).store.cancel(id);

/** Queues a dead job again for one more attempt; false when it was not dead. */
export const retryJob = async (strapi: Core.Strapi, id: string): Promise<boolean> => {
  const system = systemOf(strapi);
  const done = await system.store.retry(id);
  if (done) system.runner?.wake();
  return done;
};

export const getJob = (strapi: Core.Strapi, id: string): Promise<JobRecord | null> => systemOf(strapi).store.get(id);

export const listJobs = (strapi: Core.Strapi, query: JobListQuery): Promise<{ rows: JobRecord[]; count: number }> =>
  systemOf(strapi).store.list(query);

/** Every kind (the registered ones even without jobs) with its count of jobs in each state. */
export const jobSummary = async (strapi: Core.Strapi): Promise<JobKindSummary[]> => {
  const system = systemOf(strapi);
  const found = await system.store.summary();
  const seen = new Set(found.map((entry) => entry.kind));
  const empty = [...system.kinds.keys()]
    .filter((kind) => !seen.has(kind))
    .map((kind) => ({ kind, counts: { queued: 0, active: 0, completed: 0, retrying: 0, dead: 0, cancelled: 0 } }));
  return [...found, ...empty].sort((a, b) => a.kind.localeCompare(b.kind));
};

/** Runs this instance's due jobs until none is running (tests; a retry waiting for its backoff is not due). */
export const drainJobs = async (strapi: Core.Strapi, timeoutMs = 20_000): Promise<void> => {
  const runner = systemOf(strapi).runner;
  if (!runner) throw new Error('[jobs] this instance does not work jobs (JOBS_WORK=false)');
  await runner.drain(timeoutMs);
};

/** The store's upkeep now (tests: expiry and schedules without waiting for JOBS_MAINTENANCE_SECONDS). */
export const maintainJobs = async (strapi: Core.Strapi): Promise<void> => {
  const system = systemOf(strapi);
  await system.store.maintain([...system.kinds.values()]);
};
