// `npm run bench:import`: the clients import (issue 11) at scale, on SQLite and (when reachable)
// PostgreSQL. For each database: the compiled app in its own process (tests/bench/import-server.mjs,
// production mode), then, measured from outside through the product's API:
//   1. 100,000 rows of XLSX (shared strings, as Excel writes them) uploaded and imported: seconds
//      from the upload to the job's end, and the server's resident memory growth (VmHWM, reset
//      before; sampled every 20 ms as well) — targets ≤ 15 s and ≤ 150 MB;
//   2. the same file again: nothing changes (idempotence), and how long that takes;
//   3. a second 100,000 (200,000 clients), then the clients list searched by name and by e-mail
//      with 10 connections: p50/p95 — target p95 ≤ 50 ms on PostgreSQL;
//   4. a 1,000,000-row CSV (the row cap is 200,000): refused with nothing written, and the memory;
//   5. the naive baseline in the same process: the same 100,000-row workbook read whole by exceljs
//      (its time and memory), then one insert per row for the first BENCH_NAIVE_ROWS (default
//      5,000) rows: the time of all of them is extrapolated from those (marked ≈ in the table).
// Prints one table and writes bench-results/import-<timestamp>.json. Exit 0 whatever the
// figures; 1 when something failed to run.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import {
  assertPortFree,
  benchDir,
  cleanup,
  cmsDir,
  createPostgresDatabase,
  load,
  postgresReachable,
  procStatus,
  productionSecrets,
  require,
  root,
  run,
  startProcess,
  summarize,
  tail,
  tempDir,
  resultsDir,
} from './lib.mjs';

const MB = 1024 * 1024;
const int = (name, fallback) => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, not "${raw}"`);
  return value;
};
const config = {
  rows: int('BENCH_IMPORT_ROWS', 100_000),
  naiveRows: int('BENCH_NAIVE_ROWS', 5_000),
  bigCsvRows: int('BENCH_BIG_CSV_ROWS', 1_000_000),
  port: int('BENCH_IMPORT_PORT', 1364),
  searchSeconds: int('BENCH_SEARCH_SECONDS', 10),
  databases: (process.env.BENCH_DATABASES || 'sqlite,postgres').split(',').map((s) => s.trim()),
  // The steps run after the measured import (the bench guard's short form runs none of them).
  steps: (process.env.BENCH_IMPORT_STEPS ?? 'reimport,search,big,naive')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
  postgresUrl: process.env.BENCH_POSTGRES_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test',
};
// BENCH_IMPORT_NODE_FLAGS: Node flags for the server process (e.g. V8's GC flags), space-separated.
const serverFlags = (process.env.BENCH_IMPORT_NODE_FLAGS ?? '').split(' ').filter(Boolean);
const log = (message) => console.log(`[bench:import] ${message}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------- data

const FIRST = [
  'Ana',
  'Bruno',
  'Carla',
  'Daniel',
  'Eduarda',
  'Felipe',
  'Gabriela',
  'Heitor',
  'Isabela',
  'João',
  'Larissa',
  'Mateus',
  'Natália',
  'Otávio',
  'Paula',
  'Rafael',
];
const LAST = [
  'Souza',
  'Oliveira',
  'Santos',
  'Lima',
  'Pereira',
  'Ferreira',
  'Almeida',
  'Costa',
  'Gomes',
  'Ribeiro',
  'Carvalho',
  'Rocha',
  'Martins',
  'Araújo',
];
const PLACES = [
  ['São Paulo', 'SP', '01310-100'],
  ['Rio de Janeiro', 'RJ', '20040-002'],
  ['Belo Horizonte', 'MG', '30130-010'],
  ['Porto Alegre', 'RS', '90010-150'],
  ['Recife', 'PE', '50010-000'],
];
const cpf = (n) => {
  const digits = String(100_000_000 + n)
    .slice(-9)
    .split('')
    .map(Number);
  for (const length of [9, 10]) {
    const sum = digits.slice(0, length).reduce((total, digit, index) => total + digit * (length + 1 - index), 0);
    const rest = (sum * 10) % 11;
    digits.push(rest === 10 ? 0 : rest);
  }
  return digits.join('');
};
const HEADER = ['Nome', 'E-mail', 'Celular', 'CPF', 'CEP', 'Endereço', 'Cidade', 'UF'];
const person = (i, prefix) => {
  const [city, state, cep] = PLACES[i % PLACES.length];
  return [
    `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${LAST[Math.floor(i / 224) % LAST.length]}`,
    `${prefix}${i}@exemplo.com.br`,
    `(11) 9 ${String(i % 10_000).padStart(4, '0')}-${String(i % 9_999).padStart(4, '0')}`,
    cpf(i),
    cep,
    `Rua ${LAST[i % LAST.length]}, ${i % 2000}`,
    city,
    state,
  ];
};

/** An XLSX of `count` people written by exceljs's streaming writer with shared strings (as Excel writes them). */
const writeXlsx = async (file, count, prefix) => {
  const ExcelJS = require('exceljs');
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: false, useSharedStrings: true });
  const sheet = book.addWorksheet('Inscritos');
  sheet.addRow(HEADER).commit();
  for (let i = 0; i < count; i += 1) sheet.addRow(person(i, prefix)).commit();
  sheet.commit();
  await book.commit();
};

const writeCsv = async (file, count, prefix) => {
  const out = fs.createWriteStream(file);
  const write = (text) => (out.write(text) ? null : new Promise((resolve) => out.once('drain', resolve)));
  await write(`\uFEFF${HEADER.join(';')}\r\n`);
  for (let i = 0; i < count; i += 1) {
    const pending = write(`${person(i, prefix).join(';')}\r\n`);
    if (pending) await pending;
  }
  await new Promise((resolve) => out.end(resolve));
};

// ---------------------------------------------------------------- the server

/** Measures the resident memory of `pid` while `work` runs: growth over the RSS before, in MB. */
const measureMemory = async (pid, work) => {
  const before = procStatus(pid, 'VmRSS');
  let exact = true;
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    exact = false;
  }
  let peak = before;
  // The kinds of resident memory (anonymous: the JS heap and SQLite's caches; file: mapped files;
  // shared: e.g. SQLite's WAL index), each at its own peak, as growth over its value before.
  const kinds = ['RssAnon', 'RssFile', 'RssShmem'];
  const kindBefore = Object.fromEntries(kinds.map((kind) => [kind, procStatus(pid, kind) ?? 0]));
  const kindPeak = { ...kindBefore };
  const sampler = setInterval(() => {
    const rss = procStatus(pid, 'VmRSS');
    if (rss !== null && rss > peak) peak = rss;
    for (const kind of kinds) {
      const value = procStatus(pid, kind);
      if (value !== null && value > kindPeak[kind]) kindPeak[kind] = value;
    }
  }, 20);
  const started = Date.now();
  let result;
  try {
    result = await work();
  } finally {
    clearInterval(sampler);
  }
  const seconds = (Date.now() - started) / 1000;
  const hwm = exact ? procStatus(pid, 'VmHWM') : null;
  if (hwm !== null && hwm > peak) peak = hwm;
  const byKind = Object.fromEntries(kinds.map((kind) => [kind, (kindPeak[kind] - kindBefore[kind]) / MB]));
  return { result, seconds, growthMb: (peak - before) / MB, baselineMb: before / MB, byKind };
};

const request = (port, method, urlPath, { token, body, headers = {} } = {}) =>
  new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method, path: urlPath, headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers } },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          try {
            resolve({ status: res.statusCode, body: JSON.parse(text) });
          } catch {
            resolve({ status: res.statusCode, body: text });
          }
        });
      },
    );
    req.on('error', reject);
    if (body) req.write(body);
    req.end();
  });

/** Uploads a file as the multipart field excelFile, streamed from disk. */
const upload = (port, token, file) =>
  new Promise((resolve, reject) => {
    const boundary = `----bench${crypto.randomBytes(8).toString('hex')}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="excelFile"; filename="${path.basename(file)}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    );
    const end = Buffer.from(`\r\n--${boundary}--\r\n`);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/cms/v1/clients/upload',
        headers: {
          Authorization: `Bearer ${token}`,
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': head.length + fs.statSync(file).size + end.length,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
      },
    );
    req.on('error', reject);
    req.write(head);
    const stream = fs.createReadStream(file);
    stream.on('error', reject);
    stream.on('end', () => req.end(end));
    stream.pipe(req, { end: false });
  });

/** Uploads and waits for the job's end; answers the job. */
const importFile = async (port, token, file) => {
  const answer = await upload(port, token, file);
  if (answer.status !== 202) throw new Error(`upload of ${path.basename(file)} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  for (;;) {
    const { body } = await request(port, 'GET', `/api/cms/v1/clients/imports/${answer.body.data.id}`, { token });
    if (body.data.status === 'done' || body.data.status === 'failed') return body.data;
    await sleep(100);
  }
};

const startServer = async (label, env, dir) => {
  await assertPortFree(config.port);
  const logFile = path.join(dir, `${label}.log`);
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !/^(DATABASE_|PORT$|HOST$|PUBLIC_|NODE_ENV$|LOG_LEVEL$|SEED_|SMS_|S3_|UPLOAD_|IMPORT_|SECRETS_FILE$)/.test(key),
    ),
  );
  const server = startProcess(`${label} server`, process.execPath, [...serverFlags, path.join(benchDir, 'import-server.mjs')], {
    cwd: cmsDir,
    logFile,
    env: {
      ...inherited,
      ...productionSecrets(),
      NODE_ENV: 'production',
      SEED_DEMO: 'false',
      STRAPI_TELEMETRY_DISABLED: 'true',
      STRAPI_STARTUP_LOG: 'false',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(config.port),
      PUBLIC_DIR: path.join(dir, 'public'),
      SECRETS_FILE: path.join(dir, 'secrets.env'),
      SMS_PROVIDER: 'log',
      IMPORT_DIR: path.join(dir, 'imports'),
      // The 1,000,000-row CSV must reach the row cap, not the size cap.
      IMPORT_MAX_MB: '256',
      UPLOAD_TMP_DIR: path.join(dir, 'upload-tmp'),
      ...env,
    },
  });
  fs.mkdirSync(path.join(dir, 'upload-tmp'), { recursive: true });
  // The token line is on the log (stdout and stderr share it).
  for (let waited = 0; ; waited += 200) {
    const text = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '';
    const line = text.split('\n').find((l) => l.startsWith('{"token"'));
    if (line) return { ...server, token: JSON.parse(line).token, logFile };
    if (server.child.exitInfo || waited > 120_000) throw new Error(`the ${label} server did not start:\n${tail(logFile)}`);
    await sleep(200);
  }
};

// ---------------------------------------------------------------- one database

const benchDatabase = async (kind, files, dir) => {
  const env =
    kind === 'sqlite'
      ? { DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: path.join(dir, `${kind}.db`) }
      : { DATABASE_CLIENT: 'postgres', DATABASE_URL: (await createPostgresDatabase(config.postgresUrl)).url };
  const server = await startServer(kind, env, dir);
  const pid = server.child.pid;
  const { token } = server;
  const out = { database: kind };
  try {
    // Warm-up: the code paths of an import, on a small file.
    const warm = await importFile(config.port, token, files.warm);
    if (warm.status !== 'done') throw new Error(`warm-up import: ${JSON.stringify(warm)}`);
    await sleep(1000);

    const first = await measureMemory(pid, () => importFile(config.port, token, files.xlsx));
    if (first.result.status !== 'done' || first.result.inserted !== config.rows)
      throw new Error(
        `the ${config.rows}-row import ended ${JSON.stringify({ ...first.result, rejects: first.result.rejects.slice(0, 3) })}`,
      );
    out.import = { seconds: first.seconds, growthMb: first.growthMb, rowsPerSecond: config.rows / first.seconds, byKind: first.byKind };
    log(
      `${kind}: ${config.rows} rows XLSX in ${first.seconds.toFixed(1)} s, +${first.growthMb.toFixed(0)} MB (peaks: ${Object.entries(
        first.byKind,
      )
        .map(([name, mb]) => `${name} +${mb.toFixed(0)}`)
        .join(', ')})`,
    );

    if (config.steps.includes('reimport')) {
      const again = await measureMemory(pid, () => importFile(config.port, token, files.xlsx));
      out.reimport = {
        seconds: again.seconds,
        unchanged: again.result.unchanged,
        inserted: again.result.inserted,
        updated: again.result.updated,
      };
      log(`${kind}: the same file again in ${again.seconds.toFixed(1)} s: ${again.result.unchanged} unchanged`);
    }

    if (config.steps.includes('search')) {
      const second = await importFile(config.port, token, files.xlsx2);
      if (second.inserted !== config.rows) throw new Error(`second import: ${JSON.stringify(second).slice(0, 300)}`);
      const base = `http://127.0.0.1:${config.port}/api/cms/v1/clients`;
      const headers = { Authorization: `Bearer ${token}` };
      out.search = {};
      for (const [label, term] of [
        ['name', 'Natália Rocha'],
        ['email', 'cliente12345'],
      ]) {
        const check = await request(config.port, 'GET', `/api/cms/v1/clients?search=${encodeURIComponent(term)}&limit=20`, { token });
        if (check.status !== 200) throw new Error(`search ${label}: ${check.status} ${JSON.stringify(check.body).slice(0, 200)}`);
        // One admin searching (1 connection), and ten at once.
        const one = summarize([
          await load({
            url: `${base}?search=${encodeURIComponent(term)}&limit=20`,
            headers,
            warmup: 2,
            seconds: config.searchSeconds,
            connections: 1,
          }),
        ]);
        const ten = summarize([
          await load({
            url: `${base}?search=${encodeURIComponent(term)}&limit=20`,
            headers,
            warmup: 2,
            seconds: config.searchSeconds,
            connections: 10,
          }),
        ]);
        out.search[label] = {
          count: check.body.data.count,
          p50: one.p50,
          p95: one.p95,
          rps: one.rps,
          p95Ten: ten.p95,
          rpsTen: ten.rps,
          non2xx: one.non2xx + ten.non2xx,
        };
        log(
          `${kind}: search by ${label} (${check.body.data.count} of ${2 * config.rows}): p95 ${one.p95} ms alone, ${ten.p95} ms with 10 at once (${ten.rps.toFixed(0)} req/s)`,
        );
      }
    }

    if (config.steps.includes('big')) {
      const big = await measureMemory(pid, () => importFile(config.port, token, files.bigCsv));
      out.bigCsv = {
        seconds: big.seconds,
        growthMb: big.growthMb,
        status: big.result.status,
        error: big.result.error,
        inserted: big.result.inserted,
      };
      log(
        `${kind}: ${config.bigCsvRows}-row CSV: ${big.result.status} ${big.result.error ?? ''} in ${big.seconds.toFixed(1)} s, +${big.growthMb.toFixed(0)} MB`,
      );
    }

    if (config.steps.includes('naive')) {
      await sleep(1000);
      const naive = await measureMemory(pid, () =>
        request(config.port, 'POST', '/api/site/v1/bench/naive-import', {
          body: JSON.stringify({ file: files.naive, rows: config.naiveRows }),
          headers: { 'Content-Type': 'application/json' },
        }),
      );
      if (naive.result.status !== 200)
        throw new Error(`naive import: ${naive.result.status} ${JSON.stringify(naive.result.body).slice(0, 300)}`);
      const n = naive.result.body.data;
      const perRow = n.insertSeconds / n.inserted;
      out.naive = {
        rows: n.rows,
        inserted: n.inserted,
        readSeconds: n.readSeconds,
        insertSeconds: n.insertSeconds,
        seconds: n.readSeconds + perRow * n.rows,
        growthMb: naive.growthMb,
      };
      out.naive.rowsPerSecond = n.rows / out.naive.seconds;
      log(
        `${kind}: naive: read ${n.rows} rows in ${n.readSeconds.toFixed(1)} s (+${naive.growthMb.toFixed(0)} MB), ` +
          `${n.inserted} inserts in ${n.insertSeconds.toFixed(1)} s → ≈ ${out.naive.seconds.toFixed(0)} s for all`,
      );
    }
  } finally {
    await server.stop();
  }
  return out;
};

// ---------------------------------------------------------------- main

const fmt = (value, digits = 1) => (value === undefined || value === null ? '—' : Number(value).toFixed(digits));

const main = async () => {
  if (process.env.BENCH_SKIP_BUILD !== '1') await run(process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--only=adapter,cms']);
  const dir = tempDir('bench-import-');
  const files = {
    warm: path.join(dir, 'aquecimento.csv'),
    xlsx: path.join(dir, `clientes-${config.rows}.xlsx`),
    xlsx2: path.join(dir, `clientes-${config.rows}-b.xlsx`),
    naive: path.join(dir, `ingenuo-${config.rows}.xlsx`),
    bigCsv: path.join(dir, `clientes-${config.bigCsvRows}.csv`),
  };
  let started = Date.now();
  await writeCsv(files.warm, 50, 'aquecimento');
  await writeXlsx(files.xlsx, config.rows, 'cliente');
  if (config.steps.includes('search')) await writeXlsx(files.xlsx2, config.rows, 'outro');
  if (config.steps.includes('naive')) await writeXlsx(files.naive, config.rows, 'ingenuo');
  if (config.steps.includes('big')) await writeCsv(files.bigCsv, config.bigCsvRows, 'grande');
  log(`files written in ${((Date.now() - started) / 1000).toFixed(1)} s: XLSX ${(fs.statSync(files.xlsx).size / MB).toFixed(1)} MB`);

  const results = [];
  for (const kind of config.databases) {
    if (kind === 'postgres' && !(await postgresReachable(config.postgresUrl))) {
      log('PostgreSQL not reachable: skipped');
      continue;
    }
    started = Date.now();
    results.push(await benchDatabase(kind, files, dir));
    log(`${kind} done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }

  const lines = [
    `clients import — ${config.rows.toLocaleString('en')} rows of XLSX (targets: ≤ 15 s, ≤ 150 MB; search p95 ≤ 50 ms on PostgreSQL)`,
    '| database | import s | rows/s | RSS +MB | same file again s (unchanged) | naive s (read + inserts) | naive RSS +MB | speed-up | search name p95 ms, 1 / 10 connections (rows) | search e-mail p95 ms, 1 / 10 (rows) | 1M-row CSV |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...results.map((r) =>
      [
        r.database,
        fmt(r.import.seconds),
        fmt(r.import.rowsPerSecond, 0),
        fmt(r.import.growthMb, 0),
        r.reimport ? `${fmt(r.reimport.seconds)} (${r.reimport.unchanged})` : '—',
        r.naive ? `≈ ${fmt(r.naive.seconds, 0)} (${fmt(r.naive.readSeconds)} + ${r.naive.inserted} in ${fmt(r.naive.insertSeconds)})` : '—',
        r.naive ? fmt(r.naive.growthMb, 0) : '—',
        r.naive ? `${fmt(r.import.rowsPerSecond / r.naive.rowsPerSecond)}×` : '—',
        r.search ? `${fmt(r.search.name.p95)} / ${fmt(r.search.name.p95Ten)} (${r.search.name.count})` : '—',
        r.search ? `${fmt(r.search.email.p95)} / ${fmt(r.search.email.p95Ten)} (${r.search.email.count})` : '—',
        r.bigCsv
          ? `${r.bigCsv.status} ${r.bigCsv.error ?? ''}, ${fmt(r.bigCsv.seconds)} s, +${fmt(r.bigCsv.growthMb, 0)} MB, ${r.bigCsv.inserted} written`
          : '—',
      ]
        .join(' | ')
        .replace(/^/, '| ')
        .replace(/$/, ' |'),
    ),
  ];
  console.log(`\n${lines.join('\n')}\n`);
  const outDir = resultsDir;
  fs.mkdirSync(outDir, { recursive: true });
  const outFile = path.join(outDir, `import-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(outFile, JSON.stringify({ config, results }, null, 2));
  log(`results in ${path.relative(root, outFile)}`);
};

process.on('SIGINT', () => cleanup().finally(() => process.exit(130)));
main()
  .then(() => cleanup())
  .catch(async (error) => {
    console.error(`[bench:import] failed: ${error?.stack ?? error}`);
    await cleanup();
    process.exit(1);
  });
