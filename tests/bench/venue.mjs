// `npm run bench:venue`: the congress opening (issue 16 §2). Thousands of attendees arrive in the
// first minutes of a congress: each soft-logs in, loads the event (event, stands, rooms, sponsors,
// programme), then walks: a stand (the stand, its media, its products), a congress room with the
// live lecture (the room, the day's lectures, the schedule), the network room's search, or a hall
// already loaded; every navigation posts a page view, and the event's lists are read again once
// they are a minute old, as the venue's react-query does. Between two navigations a visitor
// thinks BENCH_VENUE_THINK seconds (uniform, 5–15 by default).
//
// The walkers are added in levels (BENCH_VENUE_LEVELS): at each level the new visitors arrive
// spread over BENCH_VENUE_RAMP seconds, then the level is held BENCH_VENUE_WINDOW seconds. Every
// request from the first arrival to the end of the hold counts (logins included). A level passes
// with p99 ≤ 200 ms and no error (any status ≥ 400, refused connection or timeout); the walk
// stops at the first level that misses (BENCH_VENUE_ALL_LEVELS=1: walks them all). The figure is the
// highest level passed.
//
// Stock Strapi serves the same reads through its content API (/api/stands?filters…, with a
// read-only API token) in the same run, against the same server and data: it has no soft login,
// no page views and no network room (clients are private), so its walkers only read.
//
// PostgreSQL only (BENCH_DATABASE_URL, default the machine's server): a fresh database with the
// demo event (SEED_DEMO, 19 stands, rooms, a live lecture) and BENCH_VENUE_CLIENTS clients, a
// quarter of them in the network room. Prints one table, writes bench-results/venue-<time>.json;
// exits 0 whatever the figures, 1 when something failed to run. See docs/bench.md.
import http from 'node:http';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  assertPortFree,
  benchDir,
  capture,
  cleanup,
  cmsDir,
  createPostgresDatabase,
  getJson,
  postgresReachable,
  productionSecrets,
  require,
  root,
  run,
  startProcess,
  strapiBin,
  tail,
  tempDir,
  waitForHttp,
  envInt,
  inheritedEnv,
  resultsDir,
} from './lib.mjs';

// ---------------------------------------------------------------- configuration

const int = envInt;
const levels = (name, fallback) => {
  const values = (process.env[name] || fallback).split(',').map((v) => Number(v.trim()));
  if (values.some((v) => !Number.isInteger(v) || v < 1)) throw new Error(`${name}: a comma-separated list of visitor counts`);
  return [...new Set(values)].sort((a, b) => a - b);
};
const range = (name, fallback) => {
  const [low, high] = (process.env[name] || fallback).split('-').map(Number);
  if (!(low > 0) || !(high >= low)) throw new Error(`${name}: "low-high" in seconds, e.g. 5-15`);
  return { low: low * 1000, high: high * 1000 };
};
const config = {
  levels: levels('BENCH_VENUE_LEVELS', '250,500,1000,1500,2000,2500,3000,4000'),
  stockLevels: levels('BENCH_VENUE_STOCK_LEVELS', '25,50,100,200,300,500,1000,1500,2000'),
  ramp: int('BENCH_VENUE_RAMP', 20),
  window: int('BENCH_VENUE_WINDOW', 30),
  think: range('BENCH_VENUE_THINK', '5-15'),
  sockets: int('BENCH_VENUE_SOCKETS', 256),
  targets: (process.env.BENCH_VENUE_TARGETS || 'product,stock').split(',').map((t) => t.trim()),
  port: int('BENCH_VENUE_PORT', 1371),
  postgresUrl: process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
  skipBuild: process.env.BENCH_SKIP_BUILD === '1',
  logLevel: process.env.BENCH_LOG_LEVEL || 'warn',
  // BENCH_VENUE_ALL_LEVELS=1: every level is walked even after one misses (paired before/after runs).
  allLevels: process.env.BENCH_VENUE_ALL_LEVELS === '1',
};
config.clients = int('BENCH_VENUE_CLIENTS', Math.max(...config.levels) + 1000);
for (const target of config.targets)
  if (!['product', 'stock'].includes(target)) throw new Error(`BENCH_VENUE_TARGETS: unknown "${target}"`);

const TARGET_P99_MS = 200;
const TARGET_VISITORS = 2000;
const EVENT_ID = 1;
/** The venue's react-query keeps the event's lists this long before reading them again. */
const FRESH_MS = 60_000;
const TIMEOUT_MS = 10_000;
const NETWORK_TERMS = ['ana', 'silva', 'souza', 'itapu', 'lima', 'costa', 'mar', 'oliv'];

const log = (message) => console.log(`[bench:venue] ${message}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted, p) =>
  sorted.length === 0 ? null : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

// ---------------------------------------------------------------- HTTP

const agent = new http.Agent({ keepAlive: true, maxSockets: config.sockets, maxFreeSockets: config.sockets });

/**
 * One request; resolves { status, ms, body? } and never rejects (status 0 on a network error or
 * timeout). A kept-alive connection the server closed while idle (its keep-alive timeout, 5 s,
 * is shorter than a think time) fails a request sent on it at once: like a browser, the request
 * is sent again once on a new connection, and its time counts from the first try.
 */
const request = (
  { method = 'GET', path: address, headers = {}, body, keepBody = false },
  started = process.hrtime.bigint(),
  retried = false,
) =>
  new Promise((resolve) => {
    const elapsed = () => Number(process.hrtime.bigint() - started) / 1e6;
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        agent,
        host: '127.0.0.1',
        port: config.port,
        method,
        path: address,
        headers: {
          accept: 'application/json',
          'accept-encoding': 'br, gzip',
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        timeout: TIMEOUT_MS,
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => (keepBody ? chunks.push(chunk) : undefined));
        res.on('end', () => {
          let parsed;
          if (keepBody) {
            try {
              parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            } catch {
              parsed = undefined;
            }
          }
          resolve({ status: res.statusCode ?? 0, ms: elapsed(), body: parsed });
        });
        res.on('error', (error) => resolve({ status: 0, ms: elapsed(), error: error.code ?? error.message }));
      },
    );
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', (error) => {
      if (!retried && req.reusedSocket && ['ECONNRESET', 'EPIPE'].includes(error.code)) {
        resolve(request({ method, path: address, headers, body, keepBody }, started, true));
        return;
      }
      resolve({ status: 0, ms: elapsed(), error: error.code ?? error.message });
    });
    if (payload) req.write(payload);
    req.end();
  });

// ---------------------------------------------------------------- the walk

/** What every request of the current measure is recorded into. */
const recorder = {
  samples: [],
  statuses: {},
  byKind: {},
  failures: {},
  record(kind, { status, ms, error }) {
    this.samples.push(ms);
    this.statuses[status] = (this.statuses[status] ?? 0) + 1;
    (this.byKind[kind] ??= []).push(ms);
    if (status === 0 || status >= 400) {
      const what = `${kind} ${status || error}`;
      this.failures[what] = (this.failures[what] ?? 0) + 1;
    }
  },
  reset() {
    this.samples = [];
    this.statuses = {};
    this.byKind = {};
    this.failures = {};
  },
};

const qs = (params) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

/** The reads of each screen, as the product's venue asks them and as stock Strapi's content API would. */
const READS = {
  product: {
    event: () => [
      ['event', `/api/site/v1/events/${EVENT_ID}`],
      ['stands', `/api/site/v1/stands?${qs({ eventId: EVENT_ID, limit: 100, order: 'position:asc' })}`],
      ['rooms', `/api/site/v1/rooms?${qs({ eventId: EVENT_ID, offset: 0, limit: 5 })}`],
      ['sponsors', `/api/site/v1/sponsors?${qs({ eventId: EVENT_ID, limit: 20 })}`],
      ['programme', `/api/site/v1/lectures/event/${EVENT_ID}`],
    ],
    stand: (id) => [
      ['stand', `/api/site/v1/stands/${id}`],
      ['medias', `/api/site/v1/medias?${qs({ standId: id, limit: 100 })}`],
      ['products', `/api/site/v1/products?${qs({ standId: id, limit: 100 })}`],
    ],
    room: (id, day) => [
      ['room', `/api/site/v1/rooms/${id}`],
      ['roomDay', `/api/site/v1/lectures/me?${qs({ roomId: id, startDate: day, order: 'startTime:asc' })}`],
      ['schedule', `/api/site/v1/rooms/${id}/schedule`],
    ],
    network: (term) => [['network', `/api/site/v1/networks/${EVENT_ID}?${qs({ offset: 0, size: 30, search: term })}`]],
  },
  stock: {
    event: () => [
      [
        'event',
        `/api/events?${qs({ 'filters[id][$eq]': EVENT_ID, 'populate[image][fields][0]': 'url', 'populate[banner][fields][0]': 'url', 'populate[thumb][fields][0]': 'url', 'populate[category][fields][0]': 'name' })}`,
      ],
      [
        'stands',
        `/api/stands?${qs({ 'filters[event][id][$eq]': EVENT_ID, 'sort[0]': 'position:asc', 'pagination[limit]': 100, 'populate[image][fields][0]': 'url' })}`,
      ],
      [
        'rooms',
        `/api/rooms?${qs({ 'filters[event][id][$eq]': EVENT_ID, 'sort[0]': 'number:asc', 'pagination[start]': 0, 'pagination[limit]': 5 })}`,
      ],
      [
        'sponsors',
        `/api/sponsors?${qs({ 'filters[event][id][$eq]': EVENT_ID, 'sort[0]': 'position:asc', 'pagination[limit]': 20, 'populate[image][fields][0]': 'url' })}`,
      ],
      [
        'programme',
        `/api/lectures?${qs({ 'filters[room][event][id][$eq]': EVENT_ID, 'sort[0]': 'startDate:asc', 'sort[1]': 'startTime:asc', 'pagination[limit]': 100, 'populate[speakers][fields][0]': 'name', 'populate[room][fields][0]': 'name' })}`,
      ],
    ],
    stand: (id) => [
      ['stand', `/api/stands?${qs({ 'filters[id][$eq]': id, 'populate[image][fields][0]': 'url' })}`],
      ['medias', `/api/medias?${qs({ 'filters[stand][id][$eq]': id, 'pagination[limit]': 100, 'populate[file][fields][0]': 'url' })}`],
      ['products', `/api/products?${qs({ 'filters[stand][id][$eq]': id, 'pagination[limit]': 100, 'populate[image][fields][0]': 'url' })}`],
    ],
    room: (id, day) => [
      ['room', `/api/rooms?${qs({ 'filters[id][$eq]': id })}`],
      [
        'roomDay',
        `/api/lectures?${qs({ 'filters[room][id][$eq]': id, 'filters[startDate][$eq]': day, 'sort[0]': 'startTime:asc', 'populate[speakers][fields][0]': 'name' })}`,
      ],
      [
        'schedule',
        `/api/lectures?${qs({ 'filters[room][id][$eq]': id, 'sort[0]': 'startDate:asc', 'sort[1]': 'startTime:asc', 'pagination[limit]': 100 })}`,
      ],
    ],
    network: null,
  },
};

/** 10.x.y.z per visitor: thousands of attendees come from thousands of addresses (through the proxy). */
const addressOf = (n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
const emailOf = (n) => `congressista${n}@bench.exemplo.com.br`;

const pick = (items) => items[Math.floor(Math.random() * items.length)];

/** One attendee: arrives, loads the event, walks until told to stop. */
const visitor = async (target, n, venue, state) => {
  const reads = READS[target];
  const headers = { 'x-forwarded-for': addressOf(n) };
  if (target === 'stock') headers.authorization = `Bearer ${venue.stockToken}`;
  const get = (list) => Promise.all(list.map(async ([kind, address]) => recorder.record(kind, await request({ path: address, headers }))));
  const pageView = async (pagePath, extra = {}) => {
    if (target !== 'product') return;
    recorder.record(
      'pageView',
      await request({
        method: 'POST',
        path: '/api/site/v1/page-views',
        headers,
        body: { path: pagePath, eventId: EVENT_ID, language: 'pt', ...extra },
      }),
    );
  };
  const think = () => sleep(config.think.low + Math.random() * (config.think.high - config.think.low));

  if (target === 'product') {
    const login = await request({ method: 'POST', path: '/auth/soft/login', headers, body: { email: emailOf(n) }, keepBody: true });
    recorder.record('login', login);
    const token = login.body?.data?.token;
    if (!token) return; // counted as an error; this visitor goes home
    headers.authorization = `Bearer ${token}`;
  }
  const slug = `${EVENT_ID}-congresso`;
  await Promise.all([get(reads.event()), pageView(`/plataforma/${slug}/hall-entrada`)]);
  let loadedAt = Date.now();
  while (!state.stopped) {
    await think();
    if (state.stopped) break;
    const stale = Date.now() - loadedAt > FRESH_MS;
    const roll = Math.random();
    const steps = [];
    if (roll < 0.4) {
      const id = pick(venue.standIds);
      steps.push(get(reads.stand(id)), pageView(`/plataforma/${slug}/estande/${id}-estande`, { standId: id }));
    } else if (roll < 0.65) {
      const id = pick(venue.roomIds);
      steps.push(get(reads.room(id, venue.today)), pageView(`/plataforma/${slug}/congresso/sala/${id}`));
    } else if (roll < 0.8 && reads.network) {
      steps.push(get(reads.network(pick(NETWORK_TERMS))), pageView(`/plataforma/${slug}/networking`));
    } else {
      steps.push(pageView(`/plataforma/${slug}/${pick(['hall-entrada', 'hall-estandes-gold', 'hall-estandes-prata', 'congresso/1'])}`));
    }
    if (stale) {
      steps.push(get(reads.event()));
      loadedAt = Date.now();
    }
    await Promise.all(steps);
  }
};

/** Walks one target up its levels; stops at the first level that misses. */
const walk = async (target, levelList, venue) => {
  const state = { stopped: false };
  const running = [];
  const results = [];
  let next = 0;
  try {
    for (const level of levelList) {
      recorder.reset();
      const started = Date.now();
      const arriving = level - running.length;
      const gap = (config.ramp * 1000) / arriving;
      for (let i = 0; i < arriving; i += 1) {
        const n = next;
        next += 1;
        running.push(visitor(target, n, venue, state));
        await sleep(gap);
      }
      await sleep(config.window * 1000);
      const seconds = (Date.now() - started) / 1000;
      const sorted = Float64Array.from(recorder.samples).sort();
      const errors = Object.entries(recorder.statuses)
        .filter(([status]) => Number(status) === 0 || Number(status) >= 400)
        .reduce((sum, [, count]) => sum + count, 0);
      const row = {
        visitors: level,
        requests: sorted.length,
        rps: sorted.length / seconds,
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        p99: percentile(sorted, 99),
        max: sorted.length ? sorted[sorted.length - 1] : null,
        errors,
        statuses: { ...recorder.statuses },
        failures: { ...recorder.failures },
        p99ByKind: Object.fromEntries(
          Object.entries(recorder.byKind).map(([kind, values]) => [kind, percentile(Float64Array.from(values).sort(), 99)]),
        ),
        p50ByKind: Object.fromEntries(
          Object.entries(recorder.byKind).map(([kind, values]) => [kind, percentile(Float64Array.from(values).sort(), 50)]),
        ),
        countByKind: Object.fromEntries(Object.entries(recorder.byKind).map(([kind, values]) => [kind, values.length])),
        loadAverage: Number(os.loadavg()[0].toFixed(2)),
      };
      row.pass = errors === 0 && row.p99 !== null && row.p99 <= TARGET_P99_MS;
      results.push(row);
      const slowest = Object.entries(row.p99ByKind)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3);
      log(
        `${target} ${level} visitors: ${row.rps.toFixed(0)} req/s, p50 ${row.p50?.toFixed(1)} ms, p99 ${row.p99?.toFixed(1)} ms, ` +
          `${errors} errors ${row.pass ? 'PASS' : 'MISS'} (slowest p99: ${slowest.map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ')})` +
          (errors ? ` failures ${JSON.stringify(row.failures)}` : ''),
      );
      if (!row.pass && !config.allLevels) break;
    }
  } finally {
    state.stopped = true;
    // Each visitor ends after its current think time and navigation.
    await Promise.race([Promise.all(running), sleep(config.think.high + TIMEOUT_MS * 2)]);
  }
  const passed = results.filter((r) => r.pass).map((r) => r.visitors);
  return { target, levels: results, held: passed.length ? Math.max(...passed) : 0 };
};

// ---------------------------------------------------------------- setup

const insertClients = async (url, count) => {
  const { Client } = require('pg');
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    const FIRST = ['Ana', 'Bruno', 'Carla', 'Diego', 'Elisa', 'Fábio', 'Gabriela', 'Heitor', 'Isabela', 'João', 'Larissa', 'Marcos'];
    const LAST = ['Silva', 'Souza', 'Oliveira', 'Lima', 'Costa', 'Itapuã', 'Martins', 'Barbosa', 'Mariano', 'Rocha'];
    const batch = 2000;
    for (let from = 0; from < count; from += batch) {
      const rows = [];
      const values = [];
      for (let n = from; n < Math.min(count, from + batch); n += 1) {
        const listed = n % 4 === 0;
        const name = `${FIRST[n % FIRST.length]} ${LAST[(n * 7) % LAST.length]} ${n}`;
        const at = rows.length * 5;
        rows.push(`($${at + 1}, $${at + 2}, $${at + 3}, '55', $${at + 4}, $${at + 5}, false, now(), now(), now())`);
        values.push(crypto.randomBytes(12).toString('hex'), name, emailOf(n), listed, listed && n % 8 === 0);
      }
      await db.query(
        `insert into clients (document_id, name, email, ddi, listed_in_network, network_show_email, login_locked, created_at, updated_at, published_at) values ${rows.join(',')}`,
        values,
      );
    }
    // The listed quarter entered the event (the network room lists only its attendees).
    await db.query(
      `insert into clients_events_lnk (client_id, event_id) select id, $1 from clients where listed_in_network and email like '%@bench.exemplo.com.br'`,
      [EVENT_ID],
    );
    await db.query('analyze');
  } finally {
    await db.end();
  }
};

/** Today in the event's zone (the day the live lecture is on). */
const todayIn = (zone) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

const main = async () => {
  const startedAt = new Date();
  const reachable = await postgresReachable(config.postgresUrl);
  if (!reachable.ok) throw new Error(`PostgreSQL does not answer at ${config.postgresUrl}: ${reachable.reason}`);
  if (!config.skipBuild) await run(process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--only=adapter,cms']);
  await assertPortFree(config.port);

  const dir = tempDir('bench-venue-');
  const logFile = path.join(dir, 'strapi.log');
  const pg = await createPostgresDatabase(config.postgresUrl);
  const password = `Bench#${crypto.randomBytes(6).toString('hex')}`;
  const inherited = inheritedEnv();
  const env = {
    ...inherited,
    ...productionSecrets(),
    NODE_ENV: 'production',
    STRAPI_TELEMETRY_DISABLED: 'true',
    STRAPI_HIDE_STARTUP_MESSAGE: 'true',
    HOST: '127.0.0.1',
    PORT: String(config.port),
    PUBLIC_DIR: path.join(dir, 'public'),
    SECRETS_FILE: path.join(dir, 'secrets.env'),
    SMS_PROVIDER: 'log',
    LOG_LEVEL: config.logLevel,
    DATABASE_CLIENT: 'postgres',
    DATABASE_URL: pg.url,
    // The attendees come through a reverse proxy on this machine that names their address.
    TRUST_PROXY: 'true',
    SEED_DEMO: 'true',
    SEED_ADMIN_PASSWORD: password,
    SEED_ATTENDANT_PASSWORD: password,
  };
  log(`database ${pg.name}; ${config.clients.toLocaleString('en-US')} clients`);

  // The schema and a read-only API token for stock Strapi (prepare.mjs), then the demo event on the first start.
  const tokenFile = path.join(dir, 'token');
  await capture(process.execPath, [path.join(benchDir, 'prepare.mjs')], {
    cwd: cmsDir,
    env: { ...env, SEED_DEMO: 'false', BENCH_TOKEN_FILE: tokenFile },
    logFile,
  });
  const stockToken = fs.readFileSync(tokenFile, 'utf8').trim();
  let started = Date.now();
  // BENCH_VENUE_PROFILE=<dir>: the server writes a CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = process.env.BENCH_VENUE_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_VENUE_PROFILE)}`] : [];
  const server = startProcess('strapi (postgres)', process.execPath, [...profile, strapiBin, 'start'], { cwd: cmsDir, env, logFile });
  await waitForHttp(`http://127.0.0.1:${config.port}/_health`, { child: server.child, logFile });
  log(`strapi start (demo event seeded) answered in ${((Date.now() - started) / 1000).toFixed(1)} s (port ${config.port})`);
  // The attendees, once the event they enter exists.
  started = Date.now();
  await insertClients(pg.url, config.clients);
  log(`clients inserted in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const base = `http://127.0.0.1:${config.port}`;
  const event = await getJson(`${base}/api/site/v1/events/${EVENT_ID}`);
  const stands = await getJson(`${base}/api/site/v1/stands?eventId=${EVENT_ID}&limit=100`);
  const rooms = await getJson(`${base}/api/site/v1/rooms?eventId=${EVENT_ID}&limit=50`);
  if (event.status !== 200 || stands.status !== 200 || rooms.status !== 200) {
    throw new Error(`the demo event does not answer: ${event.status} ${stands.status} ${rooms.status}\n${tail(logFile)}`);
  }
  const venue = {
    stockToken,
    standIds: stands.body.data.rows.map((s) => s.id),
    roomIds: rooms.body.data.rows.map((r) => r.id),
    today: todayIn(event.body.data.timezone || 'America/Sao_Paulo'),
  };
  // Both targets answer every read of the walk before it is loaded.
  for (const target of config.targets) {
    const headers = target === 'stock' ? { authorization: `Bearer ${stockToken}` } : {};
    const reads = READS[target];
    const all = [...reads.event(), ...reads.stand(venue.standIds[0]), ...reads.room(venue.roomIds[0], venue.today)];
    for (const [kind, address] of all) {
      const answer = await getJson(`${base}${address}`, headers);
      if (answer.status !== 200)
        throw new Error(`${target} ${kind}: HTTP ${answer.status} for ${address}: ${JSON.stringify(answer.body).slice(0, 200)}`);
    }
  }
  log(
    `${venue.standIds.length} stands, ${venue.roomIds.length} rooms, lectures of ${venue.today}; every read answers on ${config.targets.join(' and ')}`,
  );

  const report = {
    startedAt: startedAt.toISOString(),
    config: { ...config, postgresUrl: undefined, targetP99Ms: TARGET_P99_MS, targetVisitors: TARGET_VISITORS },
    machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, node: process.version, loadAverageAtStart: os.loadavg()[0] },
    targets: [],
  };
  for (const target of config.targets) {
    report.targets.push(await walk(target, target === 'stock' ? config.stockLevels : config.levels, venue));
    await sleep(3000);
  }
  report.finishedAt = new Date().toISOString();
  printTable(report);
  const outDir = resultsDir;
  fs.mkdirSync(outDir, { recursive: true });
  const outFile = path.join(outDir, `venue-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(outFile, `${JSON.stringify(report, null, 2)}\n`);
  log(`results written to ${path.relative(root, outFile)}`);
};

const fmt = (value, digits = 1) => (value === null || value === undefined ? '—' : value.toFixed(digits));

const printTable = (report) => {
  const header = ['target', 'visitors', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', `p99 ≤ ${TARGET_P99_MS} ms, 0 errors`];
  const lines = report.targets.flatMap((t) =>
    t.levels.map((l) => [
      t.target,
      String(l.visitors),
      fmt(l.rps, 0),
      fmt(l.p50),
      fmt(l.p95),
      fmt(l.p99),
      String(l.errors),
      l.pass ? 'PASS' : 'MISS',
    ]),
  );
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const render = (cells) => cells.map((c, i) => (i >= 1 && i <= 6 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ');
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
  for (const t of report.targets) {
    const goal =
      t.target === 'product' ? ` (goal ≥ ${TARGET_VISITORS.toLocaleString('en-US')}: ${t.held >= TARGET_VISITORS ? 'PASS' : 'MISS'})` : '';
    console.log(
      `${t.target}: ${t.held.toLocaleString('en-US')} concurrent walking visitors held with p99 ≤ ${TARGET_P99_MS} ms and no error${goal}`,
    );
  }
  const product = report.targets.find((t) => t.target === 'product');
  const stock = report.targets.find((t) => t.target === 'stock');
  if (product && stock && stock.held > 0) console.log(`product/stock: ${(product.held / stock.held).toFixed(1)}×`);
  console.log(
    `PostgreSQL, one product instance on ${report.machine.cpus} CPUs (the load generator on the same machine); think time ` +
      `${config.think.low / 1000}–${config.think.high / 1000} s; each level: arrivals over ${config.ramp} s, then ${config.window} s held; ` +
      `every request from the first arrival counts. Stock: the same reads through Strapi's content API (no login, page views or network room).`,
  );
};

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n[bench:venue] ${signal}: stopping the server and dropping the database…`);
    cleanup().finally(() => process.exit(130));
  });
}

try {
  await main();
  agent.destroy();
  await cleanup();
  process.exit(0);
} catch (error) {
  if (!interrupted) {
    console.error(`[bench:venue] failed: ${error.stack ?? error.message}`);
    agent.destroy();
    await cleanup();
    process.exit(1);
  }
}
