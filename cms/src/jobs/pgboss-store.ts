import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Knex } from 'knex';
import type { FailOutcome, JobStore, TakenJob } from './store';
import { summarise } from './table-store';
import type { AnyJobKind, JobData, JobListQuery, JobRecord, JobState } from './types';

/** pg-boss's states in the product's words. */
const STATE_OF: Record<string, JobState> = {
  created: 'queued',
  retry: 'retrying',
  active: 'active',
  completed: 'completed',
  cancelled: 'cancelled',
  failed: 'dead',
};
const BOSS_STATE: Record<JobState, string> = {
  queued: 'created',
  retrying: 'retry',
  active: 'active',
  completed: 'completed',
  cancelled: 'cancelled',
  dead: 'failed',
};

interface PgConnection {
  query(config: { text: string; values?: unknown[]; types: typeof BOSS_TYPES }): Promise<{ rows: Array<Record<string, unknown>> }>;
}

/**
 * The row parsers of pg-boss's queries. Strapi turns off pg's parsing of jsonb for the whole
 * process (its dialect parses JSON itself); pg-boss reads its jobs' data, outputs and schedules
 * as objects, so its queries parse JSON and JSONB again (pg's per-query `types`).
 */
const JSON_TYPES = new Set([114, 3802]);
const BOSS_TYPES = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    JSON_TYPES.has(oid) && format !== 'binary' ? (value: string) => JSON.parse(value) as unknown : pg.types.getTypeParser(oid, format),
};
interface PoolClient {
  acquireConnection(): Promise<PgConnection>;
  releaseConnection(connection: PgConnection): Promise<void>;
}

/**
 * pg-boss's `db`: its SQL on a connection of Strapi's own knex pool (or on the caller's
 * transaction, whose knex client hands out the transaction's connection), so the queue needs no
 * connection settings or pool of its own.
 */
const bossDb = (knex: Knex | Knex.Transaction): PgBoss.Db => ({
  async executeSql(text: string, values: unknown[]) {
    const client = knex.client as unknown as PoolClient;
    const connection = await client.acquireConnection();
    try {
      return await connection.query({ text, values, types: BOSS_TYPES });
    } finally {
      await client.releaseConnection(connection);
    }
  },
});

interface JobRow {
  id: string;
  name: string;
  state: string;
  data: JobData | null;
  singleton_key: string | null;
  priority: number;
  retry_count: number;
  retry_limit: number;
  output: { message?: string; value?: { message?: string } } | null;
  created_on: Date;
  start_after: Date;
  started_on: Date | null;
  completed_on: Date | null;
}

const errorOf = (output: JobRow['output']): string | null => output?.message ?? output?.value?.message ?? null;

const toRecord = (row: JobRow): JobRecord => ({
  id: row.id,
  kind: row.name,
  state: STATE_OF[row.state] ?? 'queued',
  data: row.data ?? {},
  key: row.singleton_key,
  priority: Number(row.priority),
  attempts: row.started_on ? Number(row.retry_count) + 1 : 0,
  maxAttempts: Number(row.retry_limit) + 1,
  error: row.state === 'completed' ? null : errorOf(row.output),
  createdAt: new Date(row.created_on),
  startAfter: new Date(row.start_after),
  startedAt: row.started_on ? new Date(row.started_on) : null,
  finishedAt: row.completed_on ? new Date(row.completed_on) : null,
});

const COLUMNS =
  'id, name, state, data, singleton_key, priority, retry_count, retry_limit, output, created_on, start_after, started_on, completed_on';

export interface PgBossSettings {
  /** The schema of pg-boss's tables in the product's database. */
  schema: string;
  /** How often one instance of the cluster expires stale attempts and archives old jobs. */
  maintenanceSeconds: number;
  log: { error(message: string): void };
}

/**
 * PostgreSQL (decision 079): pg-boss 10 in its own schema of the product's database. Jobs are
 * taken with `SELECT … FOR UPDATE SKIP LOCKED` (no job runs twice, any instance takes one);
 * pg-boss's supervision (one instance at a time) fails the attempts past their expiry, so a job
 * whose worker was killed runs again elsewhere; its cron monitor sends each schedule once per
 * cluster. The runner (runner.ts) polls through `fetch` rather than pg-boss's `work`, whose
 * workers wait a whole polling interval after every batch.
 */
export const pgBossStore = (knex: Knex, settings: PgBossSettings): JobStore => {
  const { schema } = settings;
  let boss: PgBoss | null = null;
  const started = (): PgBoss => {
    if (!boss) throw new Error('the job system has not started');
    return boss;
  };
  const sql = async <T>(text: string, values: unknown[] = [], on: Knex | Knex.Transaction = knex): Promise<T[]> =>
    (await bossDb(on).executeSql(text, values)).rows as T[];
  const nameOf = async (id: string): Promise<string | null> => {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    const [row] = await sql<{ name: string }>(`select name from ${schema}.job where id = $1`, [id]);
    return row?.name ?? null;
  };
  const sendOptions = (kind: AnyJobKind) => ({
    retryLimit: kind.retries,
    retryDelay: kind.retryDelaySeconds,
    retryBackoff: kind.backoff,
    expireInSeconds: kind.expireSeconds,
  });

  return {
    name: 'pg-boss',

    async start(kinds, work) {
      boss = new PgBoss({
        db: bossDb(knex),
        schema,
        migrate: true,
        supervise: work,
        schedule: work,
        maintenanceIntervalSeconds: settings.maintenanceSeconds,
        archiveCompletedAfterSeconds: 24 * 3600,
        archiveFailedAfterSeconds: 14 * 24 * 3600,
        deleteAfterDays: 7,
      });
      boss.on('error', (error: Error) => settings.log.error(`[jobs] pg-boss: ${error.message}`));
      await boss.start();
      for (const kind of kinds) {
        const options: PgBoss.Queue = { name: kind.name, policy: 'standard', ...sendOptions(kind) };
        await boss.createQueue(kind.name, options);
        await boss.updateQueue(kind.name, options);
      }
    },

    async stop() {
      const stopping = boss;
      boss = null;
      await stopping?.stop({ close: false, graceful: false, wait: true });
    },

    async send(kind, data, options, trx) {
      const run = async (on: Knex | Knex.Transaction): Promise<string> => {
        if (options.key !== undefined) {
          // One sender at a time per key: the check and the insert are one step for the cluster.
          await sql('select pg_advisory_xact_lock(hashtext($1))', [`${kind.name}:${options.key}`], on);
          const [waiting] = await sql<{ id: string }>(
            `select id from ${schema}.job where name = $1 and singleton_key = $2 and state < 'active' limit 1`,
            [kind.name, options.key],
            on,
          );
          if (waiting) return waiting.id;
        }
        const id = await started().send(kind.name, data, {
          ...sendOptions(kind),
          priority: options.priority ?? 0,
          ...(options.startAfter !== undefined
            ? { startAfter: options.startAfter instanceof Date ? options.startAfter : Math.max(0, Math.round(options.startAfter)) }
            : {}),
          ...(options.key !== undefined ? { singletonKey: options.key } : {}),
          db: bossDb(on),
        });
        if (!id) throw new Error(`[jobs] pg-boss queued no ${kind.name} job`);
        return id;
      };
      if (trx) return run(trx as Knex.Transaction);
      return options.key === undefined ? run(knex) : knex.transaction((inner) => run(inner));
    },

    async sendMany(kind, items, trx) {
      const options = sendOptions(kind);
      const jobs: PgBoss.JobInsert[] = items.map(({ data, options: given = {} }) => ({
        name: kind.name,
        data,
        priority: given.priority ?? 0,
        retryLimit: options.retryLimit,
        retryDelay: options.retryDelay,
        retryBackoff: options.retryBackoff,
        expireInSeconds: options.expireInSeconds,
        ...(given.startAfter !== undefined
          ? {
              startAfter:
                given.startAfter instanceof Date
                  ? given.startAfter.toISOString()
                  : new Date(Date.now() + given.startAfter * 1000).toISOString(),
            }
          : {}),
      }));
      // pg-boss's insert: one statement of json_to_recordset per batch.
      for (let at = 0; at < jobs.length; at += 5000)
        await started().insert(jobs.slice(at, at + 5000), { db: bossDb((trx as Knex.Transaction | undefined) ?? knex) });
      return jobs.length;
    },

    async take(kind, count) {
      const jobs = await started().fetch<JobData>(kind.name, { batchSize: count, includeMetadata: true });
      return (jobs ?? []).map((job): TakenJob => ({
        id: job.id,
        data: job.data ?? {},
        attempt: job.retryCount + 1,
        maxAttempts: job.retryLimit + 1,
      }));
    },

    async complete(kind, id) {
      await started().complete(kind.name, id);
    },

    async fail(kind, id, error, permanent): Promise<FailOutcome> {
      if (permanent)
        await sql(`update ${schema}.job set retry_limit = retry_count where name = $1 and id = $2 and state = 'active'`, [kind.name, id]);
      const [before] = await sql<{ state: string }>(`select state from ${schema}.job where name = $1 and id = $2`, [kind.name, id]);
      if (before?.state !== 'active') return 'gone';
      await started().fail(kind.name, id, { message: error });
      const [after] = await sql<{ state: string }>(`select state from ${schema}.job where name = $1 and id = $2`, [kind.name, id]);
      return after?.state === 'failed' ? 'dead' : after?.state === 'retry' ? 'retrying' : 'gone';
    },

    async cancel(id) {
      const name = await nameOf(id);
      if (!name) return false;
      const [row] = await sql<{ state: string }>(`select state from ${schema}.job where name = $1 and id = $2`, [name, id]);
      if (!row || !['created', 'retry', 'active'].includes(row.state)) return false;
      await started().cancel(name, id);
      return true;
    },

    async retry(id) {
      const name = await nameOf(id);
      if (!name) return false;
      const [row] = await sql<{ state: string }>(`select state from ${schema}.job where name = $1 and id = $2`, [name, id]);
      if (row?.state !== 'failed') return false;
      await started().retry(name, id);
      // pg-boss keeps the failed job's start time: it is due now.
      await sql(`update ${schema}.job set start_after = now() where name = $1 and id = $2 and state = 'retry'`, [name, id]);
      return true;
    },

    async get(id) {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
      const [row] = await sql<JobRow>(`select ${COLUMNS} from ${schema}.job where id = $1`, [id]);
      return row ? toRecord(row) : null;
    },

    async list({ kind, state, search, limit, offset }: JobListQuery) {
      // pg-boss's own queue of cron sends is not the product's.
      const where: string[] = [`name not like '\\_\\_pgboss%'`];
      const values: unknown[] = [];
      if (kind) where.push(`name = $${values.push(kind)}`);
      if (state) where.push(`state = $${values.push(BOSS_STATE[state])}::${schema}.job_state`);
      if (search) {
        const at = values.push(`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
        where.push(
          `(name ilike $${at} or coalesce(singleton_key, '') ilike $${at} or coalesce(output->>'message', output->'value'->>'message', '') ilike $${at})`,
        );
      }
      const clause = `where ${where.join(' and ')}`;
      const rows = await sql<JobRow>(
        `select ${COLUMNS} from ${schema}.job ${clause} order by created_on desc, id desc limit $${values.length + 1} offset $${values.length + 2}`,
        [...values, limit, offset],
      );
      const [{ count }] = await sql<{ count: string }>(`select count(*) as count from ${schema}.job ${clause}`, values);
      return { rows: rows.map(toRecord), count: Number(count) };
    },

    async summary() {
      const rows = await sql<{ name: string; state: string; count: string }>(
        `select name, state::text as state, count(*) as count from ${schema}.job where name not like '\\_\\_pgboss%' group by name, state`,
      );
      return summarise(rows.map((row) => ({ kind: row.name, state: STATE_OF[row.state] ?? 'queued', count: row.count })));
    },

    async schedule(kind, cron, data, tz) {
      await started().schedule(kind.name, cron, data, { ...sendOptions(kind), tz });
    },

    async unschedule(kind) {
      await started().unschedule(kind.name);
    },

    async maintain() {},
  };
};
