import { createRequire } from 'node:module';
import path from 'node:path';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobSchema, jobKindSummarySchema } from '@plataforma/adapter';
import { createStaff } from '../helpers/accounts';
import { restartServer, sessionToken, startServer, type TestServer } from '../helpers/strapi';

// The job system (decision 079) on the suite's database, SQLite or PostgreSQL: the app's own
// system (booted with the server) and two more made here on the same database with test kinds —
// two workers — for retries with backoff then dead, no job run twice, a job whose worker died
// taken again after its expiry, a dedupe key, priority, a start time, cancel, 'Tentar de novo',
// schedules, a SQLite restart resuming its queue; and the 'Tarefas' API.
type Jobs = typeof import('../../../cms/src/jobs');
const cmsDir = path.resolve(__dirname, '../../../cms');
const load = () => createRequire(__filename)(path.join(cmsDir, 'dist/src/jobs')) as Jobs;

let server: TestServer;
let jobs: Jobs;
let token: string;
let attendantToken: string;
const systems: Array<Awaited<ReturnType<Jobs['createJobSystem']>>> = [];

const knex = () => server.strapi.db.connection as unknown as Knex;
const client = () => server.strapi.db.dialect.client;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const system = async (kinds: Parameters<Jobs['createJobSystem']>[2], work = true) => {
  const made = await jobs.createJobSystem(knex(), client(), kinds, {
    work,
    pollMs: 50,
    maintenanceSeconds: 1,
    schema: 'pgboss',
    graceMs: 200,
    log: quiet,
  });
  systems.push(made);
  return made;
};
const stop = async (made: (typeof systems)[number]) => {
  systems.splice(systems.indexOf(made), 1);
  await jobs.stopJobSystem(made);
};
const until = async (what: string, check: () => Promise<boolean> | boolean, ms = 20_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};
const api = (method: 'get' | 'post', url: string, as = token) =>
  server.request()[method](`/api/cms/v1${url}`).set('Authorization', `Bearer ${as}`);

beforeAll(async () => {
  server = await startServer('jobs', { seed: false });
  jobs = load();
  token = await sessionToken(server, 'staff', (await createStaff(server.strapi)).id);
  attendantToken = await sessionToken(server, 'staff', (await createStaff(server.strapi, { role: 'attendant' })).id);
});

afterAll(async () => {
  for (const made of [...systems]) await stop(made);
  await server?.stop();
});

describe('the job system', () => {
  it('retries a failing job with a growing wait, then leaves it dead with its error, visible and retried from Tarefas', async () => {
    const runs: number[] = [];
    const dead: string[] = [];
    const kind = jobs.defineJob<{ n: number }>({
      name: 'test.flaky',
      retries: 2,
      retryDelaySeconds: 1,
      handler: async () => {
        runs.push(Date.now());
        throw new Error(`tentativa ${runs.length} falhou`);
      },
      onDead: async (_data, error) => {
        dead.push(error);
      },
    });
    const worker = await system([kind]);
    const id = await worker.store.send(kind, { n: 1 }, {});
    worker.runner?.wake(kind.name);
    await until('the job to die', async () => (await worker.store.get(id))?.state === 'dead');
    expect(runs).toHaveLength(3);
    // pg-boss's rule on both stores: delay·2^n/2 plus up to as much again at random.
    expect(runs[1] - runs[0]).toBeGreaterThanOrEqual(900);
    expect(runs[2] - runs[1]).toBeGreaterThanOrEqual(1900);
    const record = await worker.store.get(id);
    expect(record).toMatchObject({ state: 'dead', attempts: 3, maxAttempts: 3, error: 'tentativa 3 falhou' });
    expect(dead).toEqual(['tentativa 3 falhou']);

    // 'Tarefas' lists it by kind and state with its error; 'Tentar de novo' queues it once more.
    const list = await api('get', `/jobs?kind=test.flaky&state=dead`);
    expect(list.status).toBe(200);
    expect(list.body.data.count).toBe(1);
    expect(jobSchema.parse(list.body.data.rows[0])).toMatchObject({ id, state: 'dead', error: 'tentativa 3 falhou', attempts: 3 });
    // Searched by words of the kind, the key or the error.
    expect((await api('get', '/jobs?search=TENTATIVA%203')).body.data.count).toBe(1);
    expect((await api('get', '/jobs?search=flaky&state=dead')).body.data.count).toBe(1);
    expect((await api('get', '/jobs?search=nada%25assim')).body.data.count).toBe(0);
    const summary = await api('get', '/jobs/summary');
    expect(summary.status).toBe(200);
    const flaky = jobKindSummarySchema
      .array()
      .parse(summary.body.data)
      .find((entry) => entry.kind === 'test.flaky');
    expect(flaky?.counts.dead).toBe(1);
    expect((await api('get', '/jobs', attendantToken)).status).toBe(403);
    expect((await server.request().get('/api/cms/v1/jobs')).status).toBe(401);
    expect((await api('get', '/jobs?state=sleeping')).status).toBe(400);

    const retried = await api('post', `/jobs/${id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body.msg).toBe('jobs.retried');
    worker.runner?.wake(kind.name);
    await until('the fourth attempt', () => runs.length === 4);
    await until('the job to die again', async () => (await worker.store.get(id))?.state === 'dead');
    expect((await worker.store.get(id))?.attempts).toBe(4);
    // Only a dead job: anything else answers 409, an unknown id 404.
    expect((await api('post', `/jobs/${id}/retry`)).status).toBe(200);
    await until('the fifth attempt', async () => (await worker.store.get(id))?.state === 'dead' && runs.length === 5);
    const other = await worker.store.send(kind, { n: 2 }, { startAfter: 3600 });
    expect((await api('post', `/jobs/${other}/retry`)).status).toBe(409);
    expect((await api('post', '/jobs/00000000-0000-4000-8000-000000000000/retry')).status).toBe(404);
    const log = (await server.strapi.db.query('api::log.log').findMany({ where: { action: 'jobs.retry' } })) as Array<{
      description: string;
    }>;
    expect(log).toHaveLength(2);
    expect(log[0].description).toContain(id);
    expect(await worker.store.cancel(other)).toBe(true);
    expect((await worker.store.get(other))?.state).toBe('cancelled');
    await stop(worker);
  });

  it('runs each of 300 jobs exactly once with two workers taking from one queue', async () => {
    const ran = new Map<number, string[]>();
    const kindFor = (worker: string) =>
      jobs.defineJob<{ n: number }>({
        name: 'test.count',
        concurrency: 5,
        handler: async ({ n }) => {
          ran.set(n, [...(ran.get(n) ?? []), worker]);
          await new Promise((resolve) => setTimeout(resolve, 2));
        },
      });
    const a = kindFor('a');
    const b = kindFor('b');
    const first = await system([a]);
    const second = await system([b]);
    for (let n = 0; n < 300; n += 1) await first.store.send(a, { n }, {});
    first.runner?.wake();
    second.runner?.wake();
    await until('every job to run', () => ran.size === 300, 60_000);
    await Promise.all([first.runner?.drain(10_000), second.runner?.drain(10_000)]);
    expect([...ran.values()].filter((workers) => workers.length !== 1)).toEqual([]);
    const byWorker = [...ran.values()].flat();
    expect(byWorker.filter((worker) => worker === 'a').length).toBeGreaterThan(0);
    expect(byWorker.filter((worker) => worker === 'b').length).toBeGreaterThan(0);
    const { count } = await first.store.list({ kind: 'test.count', state: 'completed', limit: 1, offset: 0 });
    expect(count).toBe(300);
    await stop(first);
    await stop(second);
  });

  it('takes again, after its expiry, a job whose worker died holding it', async () => {
    const ran: Array<{ attempt: number }> = [];
    const kind = jobs.defineJob<{ n: number }>({
      name: 'test.orphan',
      expireSeconds: 2,
      retries: 1,
      retryDelaySeconds: 1,
      handler: async (_data, context) => {
        ran.push({ attempt: context.attempt });
      },
    });
    // A worker that takes the job and dies: its store takes it, nothing ever settles it.
    const dying = await system([kind], false);
    const id = await dying.store.send(kind, { n: 1 }, {});
    const [taken] = await dying.store.take(kind, 1);
    expect(taken.id).toBe(id);
    expect((await dying.store.get(id))?.state).toBe('active');
    const started = Date.now();
    const survivor = await system([kind]);
    await until('another worker to run it', () => ran.length === 1, 30_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(ran).toEqual([{ attempt: 2 }]);
    await until('the job to complete', async () => (await survivor.store.get(id))?.state === 'completed');
    await stop(dying);
    await stop(survivor);
  });

  it('dedupes by key while a job waits, runs higher priority first and waits for a start time', async () => {
    const order: string[] = [];
    const kind = jobs.defineJob<{ name: string }>({ name: 'test.order', handler: async ({ name }) => void order.push(name) });
    const queuer = await system([kind], false);
    const one = await queuer.store.send(kind, { name: 'one' }, { key: 'k' });
    expect(await queuer.store.send(kind, { name: 'again' }, { key: 'k' })).toBe(one);
    await queuer.store.send(kind, { name: 'low' }, { priority: -1 });
    await queuer.store.send(kind, { name: 'high' }, { priority: 5 });
    await queuer.store.send(kind, { name: 'later' }, { startAfter: 1.5 });
    const worker = await system([kind]);
    await until('four jobs', () => order.length === 4);
    expect(order.slice(0, 3)).toEqual(['high', 'one', 'low']);
    expect(order[3]).toBe('later');
    // Once the keyed job ran, the key is free again.
    expect(await queuer.store.send(kind, { name: 'two' }, { key: 'k' })).not.toBe(one);
    await until('the fifth', () => order.length === 5);
    await stop(queuer);
    await stop(worker);
  });

  it('sends a scheduled kind once per slot, whoever looks', async () => {
    const kind = jobs.defineJob<{ report: string }>({ name: 'test.cron', handler: async () => undefined });
    const worker = await system([kind], false);
    await worker.store.schedule(kind, '*/5 * * * *', { report: 'diário' }, 'America/Sao_Paulo');
    if (client() === 'postgres') {
      // pg-boss's cron monitor sends it once per cluster; its table holds the schedule.
      const rows = (await knex().raw(`select name, cron, timezone from pgboss.schedule where name = 'test.cron'`)) as {
        rows: Array<Record<string, string>>;
      };
      expect(rows.rows).toEqual([{ name: 'test.cron', cron: '*/5 * * * *', timezone: 'America/Sao_Paulo' }]);
    } else {
      // The SQLite store looks at each upkeep: one job per passed slot, however many look.
      const { tableStore } = createRequire(__filename)(
        path.join(cmsDir, 'dist/src/jobs/table-store'),
      ) as typeof import('../../../cms/src/jobs/table-store');
      let now = Date.now();
      const store = tableStore(knex(), () => now);
      await store.maintain([kind]);
      expect((await store.list({ kind: 'test.cron', limit: 10, offset: 0 })).count).toBe(0);
      now += 5 * 60_000;
      await store.maintain([kind]);
      await store.maintain([kind]);
      const sent = await store.list({ kind: 'test.cron', limit: 10, offset: 0 });
      expect(sent.count).toBe(1);
      expect(sent.rows[0].data).toEqual({ report: 'diário' });
    }
    await worker.store.unschedule(kind);
    await stop(worker);
  });

  it('queues a job in the caller’s transaction: rolled back with it, taken once it commits', async () => {
    const kind = jobs.jobSystemOf(server.strapi).kinds.get('email.send');
    expect(kind).toBeDefined();
    const before = (await jobs.listJobs(server.strapi, { kind: 'email.send', limit: 1, offset: 0 })).count;
    await expect(
      server.strapi.db.transaction(async () => {
        await jobs.sendJob(server.strapi, kind!, { message: 999_999 }, { startAfter: 3600 });
        throw new Error('desfeito');
      }),
    ).rejects.toThrow('desfeito');
    expect((await jobs.listJobs(server.strapi, { kind: 'email.send', limit: 1, offset: 0 })).count).toBe(before);
    const id = await server.strapi.db.transaction(() => jobs.sendJob(server.strapi, kind!, { message: 999_999 }, { startAfter: 3600 }));
    expect((await jobs.getJob(server.strapi, id))?.state).toBe('queued');
    expect(await jobs.cancelJob(server.strapi, id)).toBe(true);
  });
});

describe('many jobs at once', () => {
  it('queues 1,000 jobs in one call, in the caller’s transaction, each run once', async () => {
    const ran = new Map<number, number>();
    const kind = jobs.defineJob<{ n: number }>({
      name: 'test.bulk',
      concurrency: 10,
      handler: async ({ n }) => void ran.set(n, (ran.get(n) ?? 0) + 1),
    });
    const worker = await system([kind]);
    const items = Array.from({ length: 1000 }, (_, n) => ({ data: { n } }));
    await expect(
      server.strapi.db.transaction(async ({ trx }) => {
        await worker.store.sendMany(kind, items, trx);
        throw new Error('desfeito');
      }),
    ).rejects.toThrow('desfeito');
    expect((await worker.store.list({ kind: 'test.bulk', limit: 1, offset: 0 })).count).toBe(0);
    expect(await worker.store.sendMany(kind, [...items, { data: { n: 1000 }, options: { startAfter: 3600, priority: 2 } }])).toBe(1001);
    worker.runner?.wake(kind.name);
    await until('a thousand jobs', () => ran.size === 1000, 60_000);
    await worker.runner?.drain(10_000);
    expect([...ran.values()].every((count) => count === 1)).toBe(true);
    expect(ran.has(1000)).toBe(false);
    expect((await worker.store.list({ kind: 'test.bulk', state: 'queued', limit: 1, offset: 0 })).rows[0]).toMatchObject({ priority: 2 });
    await stop(worker);
  });
});

describe.runIf(!process.env.DATABASE_URL)('the SQLite queue across a restart', () => {
  it('runs the queued jobs and retries the one that was running when the server stopped', async () => {
    const ran: Array<{ n: number; attempt: number }> = [];
    const kind = jobs.defineJob<{ n: number }>({
      name: 'test.restart',
      retryDelaySeconds: 1,
      backoff: false,
      handler: async ({ n }, context) => void ran.push({ n, attempt: context.attempt }),
    });
    const before = await system([kind], false);
    for (let n = 1; n <= 3; n += 1) await before.store.send(kind, { n }, {});
    const [running] = await before.store.take(kind, 1);
    await stop(before);
    server = await restartServer(server);
    jobs = load();
    const after = await system([kind]);
    expect((await after.store.get(running.id))?.error).toMatch(/interrupted/);
    await until('the three jobs', () => ran.length === 3, 10_000);
    expect(ran.map((run) => run.n).sort()).toEqual([1, 2, 3]);
    expect(ran.find((run) => run.n === running.data.n)?.attempt).toBe(2);
    await stop(after);
  });
});
