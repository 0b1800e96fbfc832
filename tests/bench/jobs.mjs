// `npm run bench:jobs`: the job system (decision 079) on this machine, through its own API
// (cms/dist/src/jobs, the compiled product) on a knex connection as Strapi opens it: PostgreSQL
// (pg-boss 10, a fresh database of BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres)
// and SQLite (a WAL file, synchronous FULL, as the product's). For each:
//   1. a burst of BENCH_JOBS_BURST jobs (20,000 on PostgreSQL, 2,000 on SQLite): the time to queue
//      them one by one (sendJob), then the time for one worker (concurrency 20, an empty handler) to
//      run them all, and jobs/s; then queued in one call (sendJobs) and run by two workers (two
//      runners on the database);
//   2. the latency of one job: sent with the runner idle, from `sendJob` to its handler, 50 times
//      (p50, p95) — sent by the process that runs it (woken at once) and by another (found by its poll,
//      JOBS_POLL_MS 1000).
// Prints one table. The machine's 2 cores are shared: say so with the figures.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cleanup, cmsDir, createPostgresDatabase, postgresReachable, require } from './lib.mjs';

const knexLib = require('knex');
const { createJobSystem, defineJob, stopJobSystem } = require(path.join(cmsDir, 'dist/src/jobs'));
const quiet = { info() {}, warn() {}, error: (message) => console.error(message) };
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

const open = async (kind) => {
  if (kind === 'postgres') {
    const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    if (!(await postgresReachable(admin))) return null;
    const database = await createPostgresDatabase(admin);
    return knexLib({ client: 'pg', connection: database.url, pool: { min: 0, max: 10 } });
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-jobs-'));
  return knexLib({
    client: 'better-sqlite3',
    connection: { filename: path.join(dir, 'jobs.db') },
    useNullAsDefault: true,
    pool: {
      afterCreate: (connection, done) => {
        connection.pragma('journal_mode = WAL');
        connection.pragma('synchronous = FULL');
        done(null, connection);
      },
    },
  });
};

const measure = async (client) => {
  const knex = await open(client);
  if (!knex) return null;
  const burst = Number(process.env.BENCH_JOBS_BURST ?? (client === 'postgres' ? 20_000 : 2_000));
  let done = 0;
  let started = [];
  const kind = defineJob({ name: 'bench.burst', concurrency: 20, retries: 0, handler: async () => void (done += 1) });
  const probe = defineJob({ name: 'bench.probe', handler: async ({ sent }) => void started.push(performance.now() - sent) });
  const options = (work, pollMs = 1000) => ({ work, pollMs, maintenanceSeconds: 30, schema: 'pgboss', log: quiet });
  const queuer = await createJobSystem(knex, client, [kind, probe], options(false));
  const results = { client, burst };
  for (const workers of [1, 2]) {
    let t = performance.now();
    // The first burst is queued one job at a time (sendJob), the second in one call (sendJobs).
    if (workers === 1) for (let n = 0; n < burst; n += 1) await queuer.store.send(kind, { n }, {});
    else
      await queuer.store.sendMany(
        kind,
        Array.from({ length: burst }, (_, n) => ({ data: { n } })),
      );
    results[`queue${workers}`] = (performance.now() - t) / 1000;
    done = 0;
    t = performance.now();
    const running = [];
    for (let w = 0; w < workers; w += 1) running.push(await createJobSystem(knex, client, [kind, probe], options(true, 200)));
    while (done < burst) await sleep(20);
    const seconds = (performance.now() - t) / 1000;
    results[`run${workers}`] = seconds;
    results[`rate${workers}`] = burst / seconds;
    for (const system of running) await stopJobSystem(system);
  }
  // One job, the runner idle: sent by the process that runs it, then by another one.
  const worker = await createJobSystem(knex, client, [kind, probe], options(true, 1000));
  for (const [label, sender] of [
    ['local', worker],
    ['remote', queuer],
  ]) {
    started = [];
    for (let i = 0; i < 50; i += 1) {
      const before = started.length;
      await sender.store.send(probe, { sent: performance.now() }, {});
      if (sender === worker) worker.runner.wake(probe.name);
      while (started.length === before) await sleep(1);
      await sleep(20 + Math.random() * 50);
    }
    results[`${label}50`] = percentile(started, 50);
    results[`${label}95`] = percentile(started, 95);
  }
  await stopJobSystem(worker);
  await stopJobSystem(queuer);
  await knex.destroy();
  return results;
};

try {
  const rows = [];
  for (const client of ['postgres', 'sqlite']) {
    const result = await measure(client);
    if (result) rows.push(result);
    else console.log(`${client}: not reachable, skipped`);
  }
  const f = (value, digits = 1) => value.toFixed(digits);
  console.log('\njob system (decision 079) — this machine, 2 shared cores');
  console.log(
    'database  | jobs   | queued one by one s | 1 worker s (jobs/s) | queued at once s | 2 workers s (jobs/s) | one job, same process p50/p95 ms | sent elsewhere p50/p95 ms',
  );
  for (const r of rows)
    console.log(
      `${r.client.padEnd(9)} | ${String(r.burst).padEnd(6)} | ${f(r.queue1).padStart(19)} | ${f(r.run1)} (${f(r.rate1, 0)})`.padEnd(67) +
        ` | ${f(r.queue2, 2).padStart(16)}` +
        ` | ${f(r.run2)} (${f(r.rate2, 0)})`.padEnd(23) +
        ` | ${f(r.local50)} / ${f(r.local95)}`.padEnd(35) +
        ` | ${f(r.remote50)} / ${f(r.remote95)}`,
    );
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await cleanup();
}
