import { randomUUID } from 'node:crypto';
import parser from 'cron-parser';
import type { Knex } from 'knex';
import { retryWaitSeconds } from './define';
import type { Executor, FailOutcome, JobStore, TakenJob } from './store';
import { JOB_STATES, type AnyJobKind, type JobData, type JobKindSummary, type JobRecord, type JobState } from './types';

export const QUEUE_TABLE = 'job_queue';
export const SCHEDULE_TABLE = 'job_schedules';

/** How long finished jobs stay listed: completed and cancelled a day, dead ones two weeks. */
const KEEP_DONE_MS = 24 * 3600_000;
const KEEP_DEAD_MS = 14 * 24 * 3600_000;

interface Row {
  id: string;
  kind: string;
  state: JobState;
  data: string;
  key: string | null;
  priority: number;
  attempts: number;
  max_attempts: number;
  error: string | null;
  created_at: number;
  start_after: number;
  started_at: number | null;
  finished_at: number | null;
}

const toRecord = (row: Row): JobRecord => ({
  id: row.id,
  kind: row.kind,
  state: row.state,
  data: JSON.parse(row.data) as JobData,
  key: row.key,
  priority: Number(row.priority),
  attempts: Number(row.attempts),
  maxAttempts: Number(row.max_attempts),
  error: row.error,
  createdAt: new Date(Number(row.created_at)),
  startAfter: new Date(Number(row.start_after)),
  startedAt: row.started_at === null ? null : new Date(Number(row.started_at)),
  finishedAt: row.finished_at === null ? null : new Date(Number(row.finished_at)),
});

const startOf = (startAfter: Date | number | undefined, now: number): number =>
  startAfter instanceof Date ? startAfter.getTime() : now + Math.max(0, startAfter ?? 0) * 1000;

/**
 * The embedded default's queue (decision 079): a table in the same SQLite file, polled by this
 * process's runner. A job is taken by one UPDATE … RETURNING (never twice, even by a second
 * process on the file); a restart finds the jobs that were running and counts their attempt as
 * failed (retried or dead), and the queued ones simply run.
 */
export const tableStore = (knex: Knex, clock: () => number = Date.now): JobStore => {
  const on = (trx?: Executor) => (trx ?? knex) as Knex;
  const settle = async (
    trx: Knex,
    row: Row,
    kind: Pick<AnyJobKind, 'retryDelaySeconds' | 'backoff'>,
    error: string,
    permanent: boolean,
  ) => {
    const now = clock();
    const dead = permanent || Number(row.attempts) >= Number(row.max_attempts);
    const update = dead
      ? { state: 'dead', error, finished_at: now }
      : { state: 'retrying', error, start_after: now + Math.round(retryWaitSeconds(kind, Number(row.attempts)) * 1000) };
    const changed = await trx(QUEUE_TABLE).where({ id: row.id, state: 'active' }).update(update);
    return changed ? (dead ? 'dead' : 'retrying') : 'gone';
  };

  const store: JobStore = {
    name: 'sqlite-table',

    async start(kinds, work) {
      if (!(await knex.schema.hasTable(QUEUE_TABLE))) {
        await knex.schema.createTable(QUEUE_TABLE, (table) => {
          table.string('id', 36).primary();
          table.string('kind', 60).notNullable();
          table.string('state', 12).notNullable();
          table.text('data').notNullable();
          table.string('key', 200).nullable();
          table.integer('priority').notNullable().defaultTo(0);
          table.integer('attempts').notNullable().defaultTo(0);
          table.integer('max_attempts').notNullable();
          table.text('error').nullable();
          table.bigInteger('created_at').notNullable();
          table.bigInteger('start_after').notNullable();
          table.bigInteger('started_at').nullable();
          table.bigInteger('finished_at').nullable();
          table.index(['kind', 'state', 'start_after'], 'job_queue_due');
          table.index(['kind', 'key', 'state'], 'job_queue_key');
        });
      }
      if (!(await knex.schema.hasTable(SCHEDULE_TABLE))) {
        await knex.schema.createTable(SCHEDULE_TABLE, (table) => {
          table.string('kind', 60).primary();
          table.string('cron', 100).notNullable();
          table.string('tz', 60).notNullable();
          table.text('data').notNullable();
          table.bigInteger('last_slot').notNullable();
        });
      }
      if (!work) return;
      // One process works this file: what it finds active was running when the last one stopped.
      const byName = new Map(kinds.map((kind) => [kind.name, kind]));
      const stale = (await knex(QUEUE_TABLE).where({ state: 'active' })) as Row[];
      for (const row of stale) {
        // A kind this process does not know (no longer registered) is left due at once for whoever does.
        const kind = byName.get(row.kind) ?? { retryDelaySeconds: 0, backoff: false };
        await settle(knex, row, kind, 'interrupted: the server stopped while the job ran', false);
      }
    },

    async stop() {},

    async send(kind, data, options, trx) {
      const now = clock();
      const run = async (db: Knex): Promise<string> => {
        if (options.key !== undefined) {
          const waiting = (await db(QUEUE_TABLE)
            .select('id')
            .where({ kind: kind.name, key: options.key })
            .whereIn('state', ['queued', 'retrying'])
            .first()) as { id: string } | undefined;
          if (waiting) return waiting.id;
        }
        const id = randomUUID();
        await db(QUEUE_TABLE).insert({
          id,
          kind: kind.name,
          state: 'queued',
          data: JSON.stringify(data),
          key: options.key ?? null,
          priority: options.priority ?? 0,
          attempts: 0,
          max_attempts: kind.retries + 1,
          error: null,
          created_at: now,
          start_after: startOf(options.startAfter, now),
          started_at: null,
          finished_at: null,
        });
        return id;
      };
      // A dedupe key reads then writes: one transaction (SQLite has one writer at a time).
      return trx || options.key === undefined ? run(on(trx)) : knex.transaction((inner) => run(inner));
    },

    async sendMany(kind, items, trx) {
      const now = clock();
      const rows = items.map(({ data, options = {} }) => ({
        id: randomUUID(),
        kind: kind.name,
        state: 'queued',
        data: JSON.stringify(data),
        key: null,
        priority: options.priority ?? 0,
        attempts: 0,
        max_attempts: kind.retries + 1,
        error: null,
        created_at: now,
        start_after: startOf(options.startAfter, now),
        started_at: null,
        finished_at: null,
      }));
      // knex writes a multi-row insert on SQLite as a compound SELECT, capped at 500 terms.
      const write = async (db: Knex) => {
        for (let at = 0; at < rows.length; at += 500) await db(QUEUE_TABLE).insert(rows.slice(at, at + 500));
      };
      if (trx) await write(on(trx));
      else await knex.transaction((inner) => write(inner));
      return rows.length;
    },

    async take(kind, count) {
      const now = clock();
      const rows = (await knex.raw(
        `update ${QUEUE_TABLE} set state = 'active', started_at = ?, attempts = attempts + 1, finished_at = null
         where id in (select id from ${QUEUE_TABLE} where kind = ? and state in ('queued', 'retrying') and start_after <= ?
                      order by priority desc, created_at, id limit ?)
         returning id, data, attempts, max_attempts`,
        [now, kind.name, now, count],
      )) as Array<Pick<Row, 'id' | 'data' | 'attempts' | 'max_attempts'>>;
      return rows.map((row): TakenJob => ({
        id: row.id,
        data: JSON.parse(row.data) as JobData,
        attempt: Number(row.attempts),
        maxAttempts: Number(row.max_attempts),
      }));
    },

    async complete(_kind, id) {
      await knex(QUEUE_TABLE).where({ id, state: 'active' }).update({ state: 'completed', finished_at: clock(), error: null });
    },

    async fail(kind, id, error, permanent): Promise<FailOutcome> {
      return knex.transaction(async (trx) => {
        const row = (await trx(QUEUE_TABLE).where({ id }).first()) as Row | undefined;
        if (!row || row.state !== 'active') return 'gone';
        return settle(trx, row, kind, error, permanent);
      });
    },

    async cancel(id) {
      const changed = await knex(QUEUE_TABLE)
        .where({ id })
        .whereIn('state', ['queued', 'retrying', 'active'])
        .update({ state: 'cancelled', finished_at: clock() });
      return changed > 0;
    },

    async retry(id) {
      const changed = await knex(QUEUE_TABLE)
        .where({ id, state: 'dead' })
        .update({ state: 'retrying', start_after: clock(), finished_at: null, max_attempts: knex.raw('attempts + 1') });
      return changed > 0;
    },

    async get(id) {
      const row = (await knex(QUEUE_TABLE).where({ id }).first()) as Row | undefined;
      return row ? toRecord(row) : null;
    },

    async list({ kind, state, search, limit, offset }) {
      const where = (query: Knex.QueryBuilder) => {
        if (kind) query.where('kind', kind);
        if (state) query.where('state', state);
        if (search) {
          const like = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
          query.where((words) =>
            words
              .whereRaw(`lower(kind) like ? escape '\\'`, [like])
              .orWhereRaw(`lower(coalesce(key, '')) like ? escape '\\'`, [like])
              .orWhereRaw(`lower(coalesce(error, '')) like ? escape '\\'`, [like]),
          );
        }
        return query;
      };
      const rows = (await where(knex(QUEUE_TABLE).select('*'))
        .orderBy([
          { column: 'created_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .limit(limit)
        .offset(offset)) as Row[];
      const [{ count }] = (await where(knex(QUEUE_TABLE).count({ count: '*' }))) as Array<{ count: number | string }>;
      return { rows: rows.map(toRecord), count: Number(count) };
    },

    async summary() {
      const rows = (await knex(QUEUE_TABLE).select('kind', 'state').count({ count: '*' }).groupBy('kind', 'state')) as Array<{
        kind: string;
        state: JobState;
        count: number | string;
      }>;
      return summarise(rows);
    },

    async schedule(kind, cron, data, tz) {
      const slot = parser
        .parseExpression(cron, { tz, currentDate: new Date(clock()) })
        .prev()
        .getTime();
      await knex(SCHEDULE_TABLE)
        .insert({ kind: kind.name, cron, tz, data: JSON.stringify(data), last_slot: slot })
        .onConflict('kind')
        .merge(['cron', 'tz', 'data']);
    },

    async unschedule(kind) {
      await knex(SCHEDULE_TABLE).where({ kind: kind.name }).delete();
    },

    async maintain(kinds) {
      const now = clock();
      const byName = new Map(kinds.map((kind) => [kind.name, kind]));
      // Attempts past their expiry (a handler that never settled): failed, retried or dead.
      const active = (await knex(QUEUE_TABLE).where({ state: 'active' })) as Row[];
      for (const row of active) {
        const kind = byName.get(row.kind);
        if (kind && Number(row.started_at) + kind.expireSeconds * 1000 < now)
          await settle(knex, row, kind, `expired: still running after ${kind.expireSeconds} s`, false);
      }
      await knex(QUEUE_TABLE)
        .whereIn('state', ['completed', 'cancelled'])
        .where('finished_at', '<', now - KEEP_DONE_MS)
        .delete();
      await knex(QUEUE_TABLE)
        .where({ state: 'dead' })
        .where('finished_at', '<', now - KEEP_DEAD_MS)
        .delete();
      // Schedules: the last slot of each cron that passed since the one last sent.
      const schedules = (await knex(SCHEDULE_TABLE).select('*')) as Array<{
        kind: string;
        cron: string;
        tz: string;
        data: string;
        last_slot: number | string;
      }>;
      for (const schedule of schedules) {
        const kind = byName.get(schedule.kind);
        if (!kind) continue;
        const slot = parser
          .parseExpression(schedule.cron, { tz: schedule.tz, currentDate: new Date(now) })
          .prev()
          .getTime();
        if (slot <= Number(schedule.last_slot)) continue;
        await knex.transaction(async (trx) => {
          const claimed = await trx(SCHEDULE_TABLE)
            .where({ kind: schedule.kind, last_slot: schedule.last_slot })
            .update({ last_slot: slot });
          if (claimed) await store.send(kind, JSON.parse(schedule.data) as JobData, { key: `schedule:${slot}` }, trx);
        });
      }
    },
  };
  return store;
};

/** Per kind, the count of each state (every state present, 0 when none). */
export const summarise = (rows: ReadonlyArray<{ kind: string; state: JobState; count: number | string }>): JobKindSummary[] => {
  const byKind = new Map<string, JobKindSummary>();
  for (const row of rows) {
    let entry = byKind.get(row.kind);
    if (!entry) {
      entry = { kind: row.kind, counts: Object.fromEntries(JOB_STATES.map((state) => [state, 0])) as Record<JobState, number> };
      byKind.set(row.kind, entry);
    }
    entry.counts[row.state] += Number(row.count);
  }
  return [...byKind.values()].sort((a, b) => a.kind.localeCompare(b.kind));
};
