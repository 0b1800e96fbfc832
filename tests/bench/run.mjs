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
import { CLIENT_SEARCH_TERM, expectedCount, generateClients, generateLogs, generateStands, LOG_SEARCH_TERM, SEARCH_TERM } from './data.mjs';
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
  envInt,
  inheritedEnv,
  resultsDir,
} from './lib.mjs';
import { seedPostgres, seedSqlite } from './seed.mjs';
import { benchUploadMemory, printUploadMemory } from './upload-memory.mjs';

// ---------------------------------------------------------------- configuration

const int = envInt;
const list = (name, fallback, allowed) => {
  const values = (process.env[name] || fallback)
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  for (const v of values) if (!allowed.includes(v)) throw new Error(`${name}: unknown "${v}" (one of ${allowed.join(', ')})`);
  return values;
};

const ALL_QUERIES = ['page1', 'search', 'deep', 'clients', 'clientSearch', 'log', 'logSearch', 'network', 'networkSearch'];

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
  queries: list('BENCH_QUERIES', ALL_QUERIES.join(','), ALL_QUERIES),
  clients: int('BENCH_CLIENTS', 200_000, 10),
  logs: int('BENCH_LOGS', 1_000_000, 10),
  postgresUrl: process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
  postgresExplicit: Boolean(process.env.BENCH_DATABASE_URL),
  logLevel: process.env.BENCH_LOG_LEVEL || undefined,
  skipBuild: process.env.BENCH_SKIP_BUILD === '1',
  // The server's memory during a 200 MB upload (tests/bench/upload-memory.mjs); 0 skips it.
  uploadMemory: process.env.BENCH_UPLOAD_MEMORY !== '0',
};
const deepOffset = Math.min(50_000, Math.floor(config.stands / 2));
// Issue 16: the product ≥ 10× stock Strapi, within 1.5× of the tuned floor, p95 ≤ 50 ms.
const TARGET_THROUGHPUT = { stock: 10, bare: 1 / 1.5 };
const TARGET_P95_MS = 50;

const QUERIES = [
  { key: 'page1', list: 'stands', label: 'page 1 by name', search: undefined, offset: 0 },
  { key: 'search', list: 'stands', label: `search "${SEARCH_TERM}"`, search: SEARCH_TERM, offset: 0 },
  { key: 'deep', list: 'stands', label: `offset ${deepOffset.toLocaleString('en-US')}`, search: undefined, offset: deepOffset },
  // The back office's and the network room's big lists (issue 16). Stock Strapi serves none of
  // them (clients and the log are private), so their baseline is the product's own route with
  // LIST_SQL=false: the same handler through Strapi's query engine (`engine`).
  { key: 'clients', list: 'clients', label: 'clients by name', search: undefined, offset: 0 },
  { key: 'clientSearch', list: 'clients', label: `clients "${CLIENT_SEARCH_TERM}"`, search: CLIENT_SEARCH_TERM, offset: 0 },
  { key: 'log', list: 'logs', label: 'log, newest', search: undefined, offset: 0 },
  { key: 'logSearch', list: 'logs', label: `log "${LOG_SEARCH_TERM}"`, search: LOG_SEARCH_TERM, offset: 0 },
  { key: 'network', list: 'network', label: 'network room', search: undefined, offset: 0 },
  { key: 'networkSearch', list: 'network', label: `network "${CLIENT_SEARCH_TERM}"`, search: CLIENT_SEARCH_TERM, offset: 0 },
].filter((q) => config.queries.includes(q.key));
const needsMoreLists = QUERIES.some((q) => q.list !== 'stands');

const EVENT_ID = 1;
const LIMIT = 20;

/** The product's (and the engine's, and the floor's) address of a page of the other lists. */
const listPath = (query) => {
  const params = new URLSearchParams();
  if (query.list === 'network') {
    params.set('offset', String(query.offset));
    params.set('size', '30');
  } else {
    params.set('limit', String(LIMIT));
    params.set('offset', String(query.offset));
    if (query.list === 'clients') params.set('order', 'name:asc');
  }
  if (query.search) params.set('search', query.search);
  const path = { clients: '/api/cms/v1/clients', logs: '/api/cms/v1/logs', network: `/api/site/v1/networks/${EVENT_ID}` }[query.list];
  return `${path}?${params}`;
};

/** The three ways to ask for the same page. */
const urls = (query, ports) => {
  if (query.list !== 'stands') {
    const address = listPath(query);
    return {
      product: `http://127.0.0.1:${ports.strapi}${address}`,
      stock: `http://127.0.0.1:${ports.engine}${address}`,
      bare: `http://127.0.0.1:${ports.bare}${address}`,
    };
  }
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
const pageOf = (target, { status, body }, query) => {
  if (status !== 200) return { error: `HTTP ${status}: ${JSON.stringify(body).slice(0, 300)}` };
  if (query.list !== 'stands') {
    if (!Array.isArray(body?.data?.rows) || typeof body?.data?.count !== 'number') return { error: 'unexpected body' };
    const key = query.list === 'network' ? (r) => `${r.name}|${r.email ?? ''}` : (r) => String(r.id);
    return { count: body.data.count, rows: body.data.rows.map(key) };
  }
  if (target === 'stock') {
    if (!Array.isArray(body?.data) || typeof body?.meta?.pagination?.total !== 'number') return { error: 'unexpected body' };
    return { count: body.meta.pagination.total, rows: body.data.map((r) => `${r.id}:${r.image?.url ?? ''}`) };
  }
  if (!Array.isArray(body?.data?.rows) || typeof body?.data?.count !== 'number') return { error: 'unexpected body' };
  return { count: body.data.count, rows: body.data.rows.map((r) => `${r.id}:${r.image ?? ''}`) };
};

/** What the other lists count, computed in JavaScript (case-insensitive "contains"; the terms are ASCII). */
const expectedListCount = (more, query) => {
  const needle = query.search?.toLowerCase();
  const has = (value) => !needle || (value ?? '').toLowerCase().includes(needle);
  if (query.list === 'clients') {
    // The bench's own visitor (client 1) is a client too.
    const viewer = { name: 'Visitante do bench', email: 'visitante.bench@exemplo.com.br' };
    return [viewer, ...more.clients].filter((c) => has(c.name) || has(c.email)).length;
  }
  if (query.list === 'logs') return more.logs.filter((l) => has(l.username) || has(l.email) || has(l.description) || has(l.ip)).length;
  return more.clients.filter((c) => c.listed && (!needle || has(c.name) || (c.showEmail && has(c.email)))).length;
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
  const inherited = inheritedEnv();
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
    // The lists themselves are measured: the site's public reads kept in memory (decision 044)
    // would answer the same stand page from memory after the first time. bench:venue measures that.
    SITE_CACHE_MS: '0',
    ...(config.logLevel ? { LOG_LEVEL: config.logLevel } : {}),
    ...database.env,
  };
};

const benchDatabase = async (kind, stands, more, runSecrets) => {
  const dir = tempDir(`bench-${kind}-`);
  const logFile = path.join(dir, 'strapi.log');
  // port + 2 is the upload-memory server's (BENCH_UPLOAD_PORT).
  const ports = { strapi: config.port, bare: config.port + 1, engine: config.port + 3 };
  await assertPortFree(ports.strapi);
  await assertPortFree(ports.bare);
  if (needsMoreLists) await assertPortFree(ports.engine);

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
  const metaFile = path.join(dir, 'meta.json');
  await capture(process.execPath, [path.join(benchDir, 'prepare.mjs')], {
    cwd: cmsDir,
    env: { ...env, BENCH_TOKEN_FILE: tokenFile, BENCH_META_FILE: metaFile },
    logFile,
  });
  const token = fs.readFileSync(tokenFile, 'utf8').trim();
  const meta = JSON.parse(fs.readFileSync(metaFile, 'utf8'));
  timings.schemaSeconds = seconds(started);
  log(`${kind}: schema created and API token minted in ${timings.schemaSeconds.toFixed(1)} s`);

  started = Date.now();
  const rest = { ...more, clientEvents: meta.clientEvents };
  if (kind === 'sqlite') seedSqlite(database.bare, stands, rest);
  else await seedPostgres(database.bare, stands, rest);
  timings.seedSeconds = seconds(started);
  log(
    `${kind}: inserted ${stands.length.toLocaleString('en-US')} stands, ${more.clients.length.toLocaleString('en-US')} clients ` +
      `and ${more.logs.length.toLocaleString('en-US')} log entries by SQL in ${timings.seedSeconds.toFixed(1)} s`,
  );

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
    env: {
      ...process.env,
      BARE_PORT: String(ports.bare),
      BARE_CLIENT: kind,
      BARE_DATABASE: database.bare,
      BARE_CLIENT_EVENTS: JSON.stringify(meta.clientEvents),
    },
    logFile: bareLog,
  });
  await waitForHttp(`http://127.0.0.1:${ports.bare}/`, { child: bare.child, logFile: bareLog, timeoutMs: 20_000 });

  if (needsMoreLists) {
    // The other lists' baseline: the same product, its lists through Strapi's query engine.
    const engineLog = path.join(dir, 'engine.log');
    const engine = startProcess(`strapi engine (${kind})`, process.execPath, [strapiBin, 'start'], {
      cwd: cmsDir,
      env: { ...env, PORT: String(ports.engine), LIST_SQL: 'false' },
      logFile: engineLog,
    });
    await waitForHttp(`http://127.0.0.1:${ports.engine}/_health`, { child: engine.child, logFile: engineLog });
  }

  const staff = { authorization: `Bearer ${meta.staffToken}` };
  const visitor = { authorization: `Bearer ${meta.clientToken}` };
  const listHeaders = { clients: staff, logs: staff, network: visitor };
  const headers = {
    stock: { stands: { authorization: `Bearer ${token}` }, ...listHeaders },
    product: { stands: {}, ...listHeaders },
    bare: { stands: {}, clients: {}, logs: {}, network: {} },
  };
  try {
    return { database: kind, status: 'ok', timings, queries: await measure(kind, stands, more, ports, headers) };
  } catch (error) {
    if (!interrupted) error.message += `\n--- strapi log (last lines)\n${tail(logFile)}\n--- bare log (last lines)\n${tail(bareLog)}`;
    throw error;
  }
};

const measure = async (kind, stands, more, ports, headers) => {
  // Same answers first: status 200, the expected count, the same rows in the same order.
  for (const query of QUERIES) {
    const expected = query.list === 'stands' ? expectedCount(stands, EVENT_ID, query.search) : expectedListCount(more, query);
    const address = urls(query, ports);
    const pages = {};
    for (const target of ['product', 'stock', 'bare']) {
      pages[target] = pageOf(target, await getJson(address[target], headers[target][query.list]), query);
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
    const pageSize = query.list === 'network' ? 30 : LIMIT;
    if (pages.product.rows.length !== Math.min(pageSize, Math.max(0, expected - query.offset))) {
      throw new Error(`${kind} / ${query.label}: ${pages.product.rows.length} rows on the page`);
    }
    query.expected = expected;
  }
  log(`${kind}: the three targets answer the same counts and rows`);

  const results = [];
  for (const query of QUERIES) {
    const address = urls(query, ports);
    const row = { query: query.key, list: query.list, label: query.label, expectedCount: query.expected, targets: {} };
    const runs = Object.fromEntries(config.targets.map((t) => [t, []]));
    const loads = Object.fromEntries(config.targets.map((t) => [t, []]));
    // Rounds alternate the order (A B C, C B A, …) so a slow drift of the machine's load
    // weighs on every target alike.
    for (let round = 0; round < config.rounds; round += 1) {
      const order = round % 2 === 0 ? config.targets : [...config.targets].reverse();
      for (const target of order) {
        const run = await load({
          url: address[target],
          headers: headers[target][query.list],
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
      p95: product?.p95 === undefined || product?.p95 === null ? null : product.p95 <= TARGET_P95_MS ? 'PASS' : 'MISS',
    };
    results.push(row);
  }
  return results;
};

// ---------------------------------------------------------------- report

const fmt = (value, digits = 1) => (value === null || value === undefined ? '—' : value.toFixed(digits));

const printTable = (report) => {
  const header = [
    'database',
    'query',
    'target',
    'req/s',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    `product/stock (≥${TARGET_THROUGHPUT.stock}×)`,
    `product/bare (≥${TARGET_THROUGHPUT.bare.toFixed(2)}×)`,
    `p95 (≤${TARGET_P95_MS} ms)`,
  ];
  const lines = [];
  for (const db of report.databases) {
    if (db.status !== 'ok') {
      lines.push([db.database, `skipped: ${db.reason}`, '', '', '', '', '', '', '', '']);
      continue;
    }
    for (const q of db.queries) {
      for (const target of config.targets) {
        const m = q.targets[target];
        const ratio = (value, verdict) => (value === null ? '—' : `${value.toFixed(2)}× ${verdict}`);
        lines.push([
          db.database,
          q.label,
          target === 'stock' && q.list !== 'stands' ? 'engine' : target,
          fmt(m.rps),
          fmt(m.p50),
          fmt(m.p95),
          fmt(m.p99),
          target === 'product' ? ratio(q.ratios.productOverStock, q.verdicts.stock) : '',
          target === 'product' ? ratio(q.ratios.productOverBare, q.verdicts.bare) : '',
          target === 'product' && q.verdicts.p95 ? `${fmt(m.p95)} ${q.verdicts.p95}` : '',
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
      `${config.clients.toLocaleString('en-US')} clients (a quarter in the network room), ${config.logs.toLocaleString('en-US')} log entries. ` +
      `Targets: product ≥ ${TARGET_THROUGHPUT.stock}× stock (engine: the product's route through Strapi's query engine, LIST_SQL=false), ` +
      `within 1.5× of the tuned floor (throughput), p95 ≤ ${TARGET_P95_MS} ms.`,
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
  const more = needsMoreLists
    ? { clients: generateClients({ count: config.clients }), logs: generateLogs({ count: config.logs, stands }) }
    : { clients: [], logs: [] };
  const runSecrets = productionSecrets();
  const report = {
    startedAt: startedAt.toISOString(),
    config: {
      ...config,
      deepOffset,
      searchTerm: SEARCH_TERM,
      limit: LIMIT,
      eventId: EVENT_ID,
      targetsThroughput: TARGET_THROUGHPUT,
      targetP95Ms: TARGET_P95_MS,
    },
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
      report.databases.push(await benchDatabase(kind, stands, more, runSecrets));
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
  const outDir = resultsDir;
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
