// `npm run bench`: load and latency of the product's stand list against stock Strapi and a
// bare driver floor, on SQLite and (when reachable) PostgreSQL. See docs/bench.md.
//
// For each database: a fresh database, one in-process Strapi boot (schema + API token),
// 100,000 stands of event 1 (+ a few thousand of event 2) inserted by SQL, then the built
// server (`strapi start`, production) and tests/bench/bare.mjs on loopback ports; each query
// is checked on the three targets (status, count, same rows) and then loaded with autocannon.
// Prints one table and writes bench-results/<timestamp>.json. Exit 0 whatever the figures;
// 1 when something failed to run.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expectedCount, generateStands, SEARCH_TERM } from './data.mjs';
import {
  assertPortFree,
  benchDir,
  capture,
  cleanup,
  cleanupDownTo,
  cleanupMark,
  cmsDir,
  createPostgresDatabase,
  getJson,
  drain,
  load,
  postgresReachable,
  productionSecrets,
  root,
  run,
  startProcess,
  stopLoad,
  summarize,
  strapiBin,
  tail,
  tempDir,
  waitForHttp,
} from './lib.mjs';
import { seedPostgres, seedSqlite } from './seed.mjs';
import { benchUploadMemory, printUploadMemory } from './upload-memory.mjs';

// ---------------------------------------------------------------- configuration

const int = (name, fallback, min = 1) => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer ≥ ${min}, not "${raw}"`);
  return value;
};
const list = (name, fallback, allowed) => {
  const values = (process.env[name] || fallback)
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  for (const v of values) if (!allowed.includes(v)) throw new Error(`${name}: unknown "${v}" (one of ${allowed.join(', ')})`);
  return values;
};

const config = {
  duration: int('BENCH_DURATION', 10),
  warmup: int('BENCH_WARMUP', 3, 0),
  rounds: int('BENCH_ROUNDS', 1),
  connections: int('BENCH_CONNECTIONS', 10),
  stands: int('BENCH_STANDS', 100_000, 100),
  otherStands: int('BENCH_OTHER_STANDS', 3_000, 0),
  port: int('BENCH_PORT', 1361, 1),
  databases: list('BENCH_DATABASES', 'sqlite,postgres', ['sqlite', 'postgres']),
  targets: list('BENCH_TARGETS', 'product,stock,bare', ['product', 'stock', 'bare']),
  queries: list('BENCH_QUERIES', 'page1,search,deep', ['page1', 'search', 'deep']),
  postgresUrl: process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
  postgresExplicit: Boolean(process.env.BENCH_DATABASE_URL),
  logLevel: process.env.BENCH_LOG_LEVEL || undefined,
  skipBuild: process.env.BENCH_SKIP_BUILD === '1',
  // The server's memory during a 200 MB upload (tests/bench/upload-memory.mjs); 0 skips it.
  uploadMemory: process.env.BENCH_UPLOAD_MEMORY !== '0',
};
const deepOffset = Math.min(50_000, Math.floor(config.stands / 2));
const TARGET_THROUGHPUT = { stock: 3, bare: 0.5 };

const QUERIES = [
  { key: 'page1', label: 'page 1 by name', search: undefined, offset: 0 },
  { key: 'search', label: `search "${SEARCH_TERM}"`, search: SEARCH_TERM, offset: 0 },
  { key: 'deep', label: `offset ${deepOffset.toLocaleString('en-US')}`, search: undefined, offset: deepOffset },
].filter((q) => config.queries.includes(q.key));

const EVENT_ID = 1;
const LIMIT = 20;

/** The three ways to ask for the same page. */
const urls = (query, ports) => {
  const site = new URLSearchParams({ eventId: String(EVENT_ID), limit: String(LIMIT), offset: String(query.offset) });
  if (query.search) site.set('search', query.search);
  site.set('order', 'name:asc');
  const stock = new URLSearchParams();
  stock.set('filters[event][id][$eq]', String(EVENT_ID));
  if (query.search) {
    stock.set('filters[$or][0][name][$containsi]', query.search);
    stock.set('filters[$or][1][subtitle][$containsi]', query.search);
  }
  stock.set('sort[0]', 'name:asc');
  stock.set('pagination[start]', String(query.offset));
  stock.set('pagination[limit]', String(LIMIT));
  stock.set('populate[image][fields][0]', 'url');
  stock.set('populate[event][fields][0]', 'id');
  return {
    product: `http://127.0.0.1:${ports.strapi}/api/site/v1/stands?${site}`,
    stock: `http://127.0.0.1:${ports.strapi}/api/stands?${stock}`,
    bare: `http://127.0.0.1:${ports.bare}/api/site/v1/stands?${site}`,
  };
};

/** The rows of a page, in a shape all three answers reduce to. */
const pageOf = (target, { status, body }) => {
  if (status !== 200) return { error: `HTTP ${status}: ${JSON.stringify(body).slice(0, 300)}` };
  if (target === 'stock') {
    if (!Array.isArray(body?.data) || typeof body?.meta?.pagination?.total !== 'number') return { error: 'unexpected body' };
    return { count: body.meta.pagination.total, rows: body.data.map((r) => `${r.id}:${r.image?.url ?? ''}`) };
  }
  if (!Array.isArray(body?.data?.rows) || typeof body?.data?.count !== 'number') return { error: 'unexpected body' };
  return { count: body.data.count, rows: body.data.rows.map((r) => `${r.id}:${r.image ?? ''}`) };
};

// ---------------------------------------------------------------- steps

const log = (message) => console.log(`[bench] ${message}`);
const seconds = (since) => (Date.now() - since) / 1000;

const build = async () => {
  if (config.skipBuild) return log('build skipped (BENCH_SKIP_BUILD=1)');
  const started = Date.now();
  const script = path.join(root, 'scripts', 'build.mjs');
  if (fs.existsSync(script)) {
    // Content-hashed: instant when adapter and cms are up to date.
    await run(process.execPath, [script, '--only=adapter,cms']);
  } else {
    await run(process.execPath, [path.join(root, 'adapter', 'build.mjs')]);
    await run(process.execPath, [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', cmsDir]);
  }
  log(`build checked in ${seconds(started).toFixed(1)} s`);
};

/** The environment of every Strapi process of one database: nothing inherited that could point elsewhere. */
const strapiEnv = (database, dir, runSecrets) => {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) =>
        !/^(DATABASE_|PORT$|HOST$|PUBLIC_URL$|PUBLIC_DIR$|NODE_ENV$|LOG_LEVEL$|SEED_|SMS_|REDIS_URL$|S3_|SECRETS_FILE$|DEBUG$)/.test(key),
    ),
  );
  return {
    ...inherited,
    ...runSecrets,
    NODE_ENV: 'production',
    SEED_DEMO: 'false',
    STRAPI_TELEMETRY_DISABLED: 'true',
    STRAPI_HIDE_STARTUP_MESSAGE: 'true',
    STRAPI_STARTUP_LOG: 'false',
    HOST: '127.0.0.1',
    PUBLIC_DIR: path.join(dir, 'public'),
    SECRETS_FILE: path.join(dir, 'secrets.env'),
    SMS_PROVIDER: 'log',
    ...(config.logLevel ? { LOG_LEVEL: config.logLevel } : {}),
    ...database.env,
  };
};

const benchDatabase = async (kind, stands, runSecrets) => {
  const dir = tempDir(`bench-${kind}-`);
  const logFile = path.join(dir, 'strapi.log');
  const ports = { strapi: config.port, bare: config.port + 1 };
  await assertPortFree(ports.strapi);
  await assertPortFree(ports.bare);

  let database;
  if (kind === 'sqlite') {
    const file = path.join(dir, 'bench.db');
    database = { env: { DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: file }, bare: file, label: file };
  } else {
    const pg = await createPostgresDatabase(config.postgresUrl);
    database = { env: { DATABASE_CLIENT: 'postgres', DATABASE_URL: pg.url }, bare: pg.url, label: pg.name };
  }
  log(`${kind}: database ${database.label}`);
  const env = strapiEnv(database, dir, runSecrets);
  const timings = {};

  let started = Date.now();
  const tokenFile = path.join(dir, 'token');
  await capture(process.execPath, [path.join(benchDir, 'prepare.mjs')], {
    cwd: cmsDir,
    env: { ...env, BENCH_TOKEN_FILE: tokenFile },
    logFile,
  });
  const token = fs.readFileSync(tokenFile, 'utf8').trim();
  timings.schemaSeconds = seconds(started);
  log(`${kind}: schema created and API token minted in ${timings.schemaSeconds.toFixed(1)} s`);

  started = Date.now();
  if (kind === 'sqlite') seedSqlite(database.bare, stands);
  else await seedPostgres(database.bare, stands);
  timings.seedSeconds = seconds(started);
  log(`${kind}: inserted ${stands.length.toLocaleString('en-US')} stands by SQL in ${timings.seedSeconds.toFixed(1)} s`);

  started = Date.now();
  const strapi = startProcess(`strapi (${kind})`, process.execPath, [strapiBin, 'start'], {
    cwd: cmsDir,
    env: { ...env, PORT: String(ports.strapi) },
    logFile,
  });
  await waitForHttp(`http://127.0.0.1:${ports.strapi}/_health`, { child: strapi.child, logFile });
  timings.bootSeconds = seconds(started);
  log(`${kind}: strapi start answered in ${timings.bootSeconds.toFixed(1)} s (port ${ports.strapi})`);

  const bareLog = path.join(dir, 'bare.log');
  const bare = startProcess(`bare (${kind})`, process.execPath, [path.join(benchDir, 'bare.mjs')], {
    env: { ...process.env, BARE_PORT: String(ports.bare), BARE_CLIENT: kind, BARE_DATABASE: database.bare },
    logFile: bareLog,
  });
  await waitForHttp(`http://127.0.0.1:${ports.bare}/`, { child: bare.child, logFile: bareLog, timeoutMs: 20_000 });

  const headers = { stock: { authorization: `Bearer ${token}` }, product: {}, bare: {} };
  try {
    return { database: kind, status: 'ok', timings, queries: await measure(kind, stands, ports, headers) };
  } catch (error) {
    if (!interrupted) error.message += `\n--- strapi log (last lines)\n${tail(logFile)}\n--- bare log (last lines)\n${tail(bareLog)}`;
    throw error;
  }
};

const measure = async (kind, stands, ports, headers) => {
  // Same answers first: status 200, the expected count, the same rows in the same order.
  for (const query of QUERIES) {
    const expected = expectedCount(stands, EVENT_ID, query.search);
    const address = urls(query, ports);
    const pages = {};
    for (const target of ['product', 'stock', 'bare']) {
      pages[target] = pageOf(target, await getJson(address[target], headers[target]));
      if (pages[target].error) throw new Error(`${kind} / ${query.label} / ${target}: ${pages[target].error}\n${address[target]}`);
    }
    const counts = Object.fromEntries(Object.entries(pages).map(([t, p]) => [t, p.count]));
    if (Object.values(counts).some((c) => c !== expected)) {
      throw new Error(`${kind} / ${query.label}: counts disagree (expected ${expected}): ${JSON.stringify(counts)}`);
    }
    const reference = JSON.stringify(pages.product.rows);
    for (const target of ['stock', 'bare']) {
      if (JSON.stringify(pages[target].rows) !== reference) {
        throw new Error(
          `${kind} / ${query.label}: ${target} answers other rows than the product:\n product ${reference}\n ${target} ${JSON.stringify(pages[target].rows)}`,
        );
      }
    }
    if (pages.product.rows.length !== Math.min(LIMIT, Math.max(0, expected - query.offset))) {
      throw new Error(`${kind} / ${query.label}: ${pages.product.rows.length} rows on the page`);
    }
    query.expected = expected;
  }
  log(`${kind}: the three targets answer the same counts and rows`);

  const results = [];
  for (const query of QUERIES) {
    const address = urls(query, ports);
    const row = { query: query.key, label: query.label, expectedCount: query.expected, targets: {} };
    const runs = Object.fromEntries(config.targets.map((t) => [t, []]));
    const loads = Object.fromEntries(config.targets.map((t) => [t, []]));
    // Rounds alternate the order (A B C, C B A, …) so a slow drift of the machine's load
    // weighs on every target alike.
    for (let round = 0; round < config.rounds; round += 1) {
      const order = round % 2 === 0 ? config.targets : [...config.targets].reverse();
      for (const target of order) {
        const run = await load({
          url: address[target],
          headers: headers[target],
          connections: config.connections,
          warmup: config.warmup,
          seconds: config.duration / config.rounds,
        });
        runs[target].push(run);
        loads[target].push(os.loadavg()[0]);
        await drain({ connections: config.connections, rps: run.latencies.length / run.seconds });
      }
    }
    for (const target of config.targets) {
      const measured = summarize(runs[target]);
      // 1-minute load average at the end of the cell (the bench's own processes count in it).
      measured.loadAverage = Number(Math.max(...loads[target]).toFixed(2));
      row.targets[target] = measured;
      const failures = measured.errors + measured.non2xx;
      log(
        `${kind} / ${query.label} / ${target}: ${measured.rps.toFixed(1)} req/s, p50 ${measured.p50?.toFixed(1)} ms` +
          (config.rounds > 1 ? ` (rounds: ${measured.rounds.join(', ')} req/s)` : '') +
          (failures ? ` — ${failures} failed requests ${JSON.stringify(measured.statuses)}` : ''),
      );
      if (failures) row.failed = true;
    }
    const { product, stock, bare: floor } = row.targets;
    const ratio = (a, b) => (a && b && b.rps > 0 ? a.rps / b.rps : null);
    row.ratios = { productOverStock: ratio(product, stock), productOverBare: ratio(product, floor) };
    row.verdicts = {
      stock: row.ratios.productOverStock === null ? null : row.ratios.productOverStock >= TARGET_THROUGHPUT.stock ? 'PASS' : 'MISS',
      bare: row.ratios.productOverBare === null ? null : row.ratios.productOverBare >= TARGET_THROUGHPUT.bare ? 'PASS' : 'MISS',
    };
    results.push(row);
  }
  return results;
};

// ---------------------------------------------------------------- report

const fmt = (value, digits = 1) => (value === null || value === undefined ? '—' : value.toFixed(digits));

const printTable = (report) => {
  const header = ['database', 'query', 'target', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'product/stock (≥3×)', 'product/bare (≥0.5×)'];
  const lines = [];
  for (const db of report.databases) {
    if (db.status !== 'ok') {
      lines.push([db.database, `skipped: ${db.reason}`, '', '', '', '', '', '', '']);
      continue;
    }
    for (const q of db.queries) {
      for (const target of config.targets) {
        const m = q.targets[target];
        const ratio = (value, verdict) => (value === null ? '—' : `${value.toFixed(2)}× ${verdict}`);
        lines.push([
          db.database,
          q.label,
          target,
          fmt(m.rps),
          fmt(m.p50),
          fmt(m.p95),
          fmt(m.p99),
          target === 'product' ? ratio(q.ratios.productOverStock, q.verdicts.stock) : '',
          target === 'product' ? ratio(q.ratios.productOverBare, q.verdicts.bare) : '',
        ]);
      }
    }
  }
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => String(l[i]).length)));
  const numeric = new Set([3, 4, 5, 6]);
  const render = (cells) => cells.map((c, i) => (numeric.has(i) ? String(c).padStart(widths[i]) : String(c).padEnd(widths[i]))).join('  ');
  console.log('');
  console.log(render(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  let previous = null;
  for (const line of lines) {
    if (previous !== null && line[0] !== previous) console.log('');
    previous = line[0];
    console.log(render(line).trimEnd());
  }
  console.log('');
  console.log(
    `${config.connections} connections, ${config.warmup} s warm-up + ${config.duration} s per cell` +
      (config.rounds > 1 ? ` in ${config.rounds} rounds of alternating order; ` : '; ') +
      `${config.stands.toLocaleString('en-US')} stands in event ${EVENT_ID}, ${LIMIT} rows a page. ` +
      `Targets: product ≥ ${TARGET_THROUGHPUT.stock}× stock and ≥ ${TARGET_THROUGHPUT.bare}× bare (throughput).`,
  );
  const busiest = Math.max(
    ...report.databases.flatMap((db) => db.queries ?? []).flatMap((q) => Object.values(q.targets).map((m) => m.loadAverage)),
  );
  console.log(
    `Load average (1 min, ${report.machine.cpus} CPUs): ${report.machine.loadAverageAtStart} before the run, ` +
      `at most ${Number.isFinite(busiest) ? busiest : '—'} during it (see docs/bench.md).`,
  );
};

/** The commit measured, `+dirty` when the tree has changes. */
const gitCommit = () => {
  const git = (...args) =>
    execFileSync('git', args, { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  try {
    return `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', '--untracked-files=no') ? '+dirty' : ''}`;
  } catch {
    return null;
  }
};

// ---------------------------------------------------------------- main

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n[bench] ${signal}: stopping servers and removing the bench databases…`);
    stopLoad();
    cleanup().finally(() => process.exit(130));
  });
}

// Whatever escapes (an 'error' event nobody listens to…) still stops the servers and drops the databases.
for (const event of ['uncaughtException', 'unhandledRejection']) {
  process.on(event, (error) => {
    console.error(`[bench] ${event}: ${error?.stack ?? error}`);
    if (interrupted) return;
    interrupted = true;
    stopLoad();
    cleanup().finally(() => process.exit(1));
  });
}

const main = async () => {
  const startedAt = new Date();
  log(
    `duration ${config.duration} s (+${config.warmup} s warm-up${config.rounds > 1 ? ` in each of ${config.rounds} rounds` : ''}), ` +
      `${config.connections} connections, ` +
      `databases ${config.databases.join(', ')}, targets ${config.targets.join(', ')}`,
  );
  const [idle] = os.loadavg();
  if (idle > os.cpus().length / 2) {
    log(`warning: load average ${idle.toFixed(1)} on ${os.cpus().length} CPUs before the bench started: other work skews the figures`);
  }
  await build();
  const stands = generateStands({ main: config.stands, other: config.otherStands });
  const runSecrets = productionSecrets();
  const report = {
    startedAt: startedAt.toISOString(),
    config: { ...config, deepOffset, searchTerm: SEARCH_TERM, limit: LIMIT, eventId: EVENT_ID, targetsThroughput: TARGET_THROUGHPUT },
    machine: {
      loadAverageAtStart: Number(idle.toFixed(2)),
      node: process.version,
      cpus: os.cpus().length,
      cpu: os.cpus()[0]?.model,
      platform: `${os.platform()} ${os.release()}`,
    },
    commit: gitCommit(),
    databases: [],
  };
  delete report.config.postgresUrl;

  for (const kind of config.databases) {
    if (kind === 'postgres') {
      const reachable = await postgresReachable(config.postgresUrl);
      if (!reachable.ok) {
        if (config.postgresExplicit) throw new Error(`BENCH_DATABASE_URL does not answer: ${reachable.reason}`);
        log(`postgres: skipped (${reachable.reason})`);
        report.databases.push({ database: 'postgres', status: 'skipped', reason: `no server at 127.0.0.1:5432 (${reachable.reason})` });
        continue;
      }
    }
    const mark = cleanupMark();
    try {
      report.databases.push(await benchDatabase(kind, stands, runSecrets));
    } finally {
      // Servers stopped, database dropped, temp files removed before the next database.
      await cleanupDownTo(mark);
    }
  }
  if (config.uploadMemory) {
    const mark = cleanupMark();
    try {
      report.uploadMemory = await benchUploadMemory({ build: false, log });
    } finally {
      await cleanupDownTo(mark);
    }
  }
  report.finishedAt = new Date().toISOString();

  printTable(report);
  if (report.uploadMemory) printUploadMemory(report.uploadMemory);
  const outDir = path.join(root, 'bench-results');
  fs.mkdirSync(outDir, { recursive: true });
  const outFile = path.join(outDir, `${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(outFile, `${JSON.stringify(report, null, 2)}\n`);
  log(`results written to ${path.relative(root, outFile)}`);
  const failed = report.databases.some((db) => db.queries?.some((q) => q.failed));
  if (failed) throw new Error('some requests failed under load (see the lines above)');
};

try {
  await main();
  await cleanup();
  process.exit(0);
} catch (error) {
  if (!interrupted) {
    console.error(`[bench] failed: ${error.message}`);
    await cleanup();
    process.exit(1);
  }
}
