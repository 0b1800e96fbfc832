// Helpers of the bench: clean-up registry, child processes, databases, HTTP checks, load runs.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const benchDir = path.dirname(fileURLToPath(import.meta.url));
/**
 * The tree whose code the bench builds and starts: this checkout, or BENCH_ROOT (the bench guard
 * points the same bench at a baseline worktree, tests/bench/guard.mjs).
 */
export const root = process.env.BENCH_ROOT ? path.resolve(process.env.BENCH_ROOT) : path.resolve(benchDir, '..', '..');
/** Where a bench writes its JSON report: bench-results/ of the checkout, or BENCH_RESULTS_DIR. */
export const resultsDir = process.env.BENCH_RESULTS_DIR
  ? path.resolve(process.env.BENCH_RESULTS_DIR)
  : path.join(path.resolve(benchDir, '..', '..'), 'bench-results');
export const cmsDir = path.join(root, 'cms');
export const strapiBin = path.join(root, 'node_modules', '@strapi', 'strapi', 'bin', 'strapi.js');
export const require = createRequire(path.join(cmsDir, 'package.json'));

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------- clean-up

const cleanups = [];

/** Registers an undo step; steps run last-in first-out. Returns a function that runs it early. */
export const onCleanup = (label, fn) => {
  const entry = { label, fn, done: false };
  cleanups.push(entry);
  return async () => {
    if (entry.done) return;
    entry.done = true;
    await fn();
  };
};

/** The current depth of the registry, for cleanupDownTo. */
export const cleanupMark = () => cleanups.length;

/** Runs the undo steps registered since `mark` (never throws; reports what failed). */
export const cleanupDownTo = async (mark) => {
  while (cleanups.length > mark) {
    const entry = cleanups.pop();
    if (entry.done) continue;
    entry.done = true;
    try {
      await entry.fn();
    } catch (error) {
      console.error(`[bench] clean-up "${entry.label}" failed: ${error.message}`);
    }
  }
};

/** Runs every pending undo step. */
export const cleanup = () => cleanupDownTo(0);

// ---------------------------------------------------------------- processes

/** Runs a command to completion (stdio inherited); rejects on a non-zero exit. */
export const run = (command, args, options = {}) =>
  new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', cwd: root, ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(args[0] ?? command)} exited with ${signal ?? code}`)),
    );
  });

/** Runs a command to completion, output to `logFile`; rejects on a non-zero exit or after `timeoutMs`. */
export const capture = (command, args, { logFile, timeoutMs = 120_000, ...options } = {}) =>
  new Promise((resolve, reject) => {
    const log = fs.openSync(logFile, 'a');
    const child = spawn(command, args, { cwd: root, ...options, stdio: ['ignore', log, log] });
    fs.closeSync(log);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    const undo = onCleanup(`stop ${path.basename(args[0])}`, async () => child.kill('SIGKILL'));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      undo();
      if (code === 0) resolve();
      else reject(new Error(`${path.basename(args[0])} exited with ${signal ?? code}\n${tail(logFile)}`));
    });
  });

/** The last lines of a log file, for error messages. */
export const tail = (file, lines = 25) => {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
};

/**
 * Starts a long-running server in its own process group, output to `logFile`, and registers
 * its stop (SIGTERM to the group, SIGKILL after 5 s). Returns { child, stop }.
 */
export const startProcess = (label, command, args, { logFile, ...options }) => {
  const log = fs.openSync(logFile, 'a');
  // stdin stays a pipe: bare.mjs exits when it closes (the bench itself died).
  const child = spawn(command, args, { cwd: root, ...options, detached: true, stdio: ['pipe', log, log] });
  fs.closeSync(log);
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  child.exitInfo = null;
  exited.then((info) => (child.exitInfo = info));
  const signalGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };
  const stop = onCleanup(`stop ${label}`, async () => {
    if (child.exitInfo) return;
    signalGroup('SIGTERM');
    const timer = setTimeout(() => signalGroup('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
    // Anything else it left in its group.
    signalGroup('SIGKILL');
  });
  return { child, stop, exited };
};

/** Fails when something already listens on the port (another run, another program). */
export const assertPortFree = (port) =>
  new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      reject(new Error(`port ${port} on 127.0.0.1 is already in use (set BENCH_PORT to another port in 1360–1368)`));
    });
    socket.once('error', () => resolve());
  });

/** Waits until `url` answers below 500, the child exits (error) or `timeoutMs` passes (error). */
export const waitForHttp = async (url, { child, logFile, timeoutMs = 90_000 }) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitInfo)
      throw new Error(`the server exited (${child.exitInfo.signal ?? child.exitInfo.code}) before answering:\n${tail(logFile)}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s:\n${tail(logFile)}`);
};

// ---------------------------------------------------------------- databases

export const randomSuffix = () => crypto.randomBytes(4).toString('hex');

/** A fresh temporary directory, removed at clean-up. */
export const tempDir = (prefix) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  onCleanup(`remove ${dir}`, async () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
};

const withDatabase = (url, name) => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};

/** Whether a PostgreSQL server answers at `adminUrl` (2 s at most). */
export const postgresReachable = async (adminUrl) => {
  const { Client } = require('pg');
  const client = new Client({ connectionString: adminUrl, connectionTimeoutMillis: 2_000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: error.message || error.code || String(error) };
  } finally {
    await client.end().catch(() => {});
  }
};

/** Creates database bench_<random> on the server of `adminUrl`; it is dropped at clean-up. */
export const createPostgresDatabase = async (adminUrl) => {
  const { Client } = require('pg');
  const name = `bench_${randomSuffix()}`;
  const admin = new Client({ connectionString: adminUrl });
  admin.on('error', () => {});
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const drop = onCleanup(`drop database ${name}`, async () => {
    const client = new Client({ connectionString: adminUrl });
    client.on('error', () => {});
    await client.connect();
    try {
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    } finally {
      await client.end();
    }
  });
  return { name, url: withDatabase(adminUrl, name), drop };
};

// ---------------------------------------------------------------- HTTP checks

/** GET a URL, expecting JSON; returns { status, body }. */
export const getJson = async (url, headers = {}) => {
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(30_000) });
  const text = await response.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: response.status, body };
};

// ---------------------------------------------------------------- load

const percentile = (sorted, p) => {
  if (sorted.length === 0) return null;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
};

let current = null;
let stopped = false;

/** Stops the load run in progress and refuses new ones (Ctrl-C). */
export const stopLoad = () => {
  stopped = true;
  current?.stop();
};

/**
 * One autocannon run against `url` with `connections` keep-alive connections: `warmup` seconds
 * whose responses are not counted, then `seconds` measured, in one run (no requests abandoned
 * between warm-up and measure). Keeps the latency of every successful measured response (exact
 * percentiles; autocannon has no p95).
 */
export const load = async ({ url, headers = {}, warmup = 0, seconds, connections }) => {
  if (stopped) throw new Error('interrupted');
  const autocannon = require('autocannon');
  const latencies = [];
  const statuses = {};
  const warmupNs = BigInt(Math.round(warmup * 1e9));
  let started;
  const result = await new Promise((resolve, reject) => {
    started = process.hrtime.bigint();
    const instance = autocannon({ url, headers, connections, duration: warmup + seconds, timeout: 30 }, (error, res) =>
      error ? reject(error) : resolve(res),
    );
    current = instance;
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (process.hrtime.bigint() - started < warmupNs) return;
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
  });
  current = null;
  if (stopped) throw new Error('interrupted');
  const measured = Number(process.hrtime.bigint() - started - warmupNs) / 1e9;
  const failed = Object.entries(statuses).reduce((sum, [code, n]) => (Number(code) >= 300 ? sum + n : sum), 0);
  return { seconds: Math.min(measured, seconds), latencies, statuses, errors: result.errors, non2xx: failed };
};

/**
 * When autocannon stops it closes its connections, but the server still works through the
 * requests that were in flight. Waits for about that long (connections × the time one request
 * takes at the measured throughput, plus a margin) so the next run starts on an idle server.
 */
export const drain = async ({ connections, rps }) => {
  const ms = rps > 0 ? Math.min(20_000, Math.ceil((connections / rps) * 1000 * 1.25) + 100) : 20_000;
  await sleep(ms);
};

/** Throughput and latency percentiles over one or more runs of the same cell. */
export const summarize = (runs) => {
  const latencies = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const seconds = runs.reduce((sum, r) => sum + r.seconds, 0);
  const statuses = {};
  for (const r of runs) for (const [code, n] of Object.entries(r.statuses)) statuses[code] = (statuses[code] ?? 0) + n;
  return {
    seconds: Number(seconds.toFixed(2)),
    requests: latencies.length,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    statuses,
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
    rounds: runs.map((r) => Number((r.latencies.length / r.seconds).toFixed(2))),
  };
};

// ---------------------------------------------------------------- a production start

/** Fresh secrets and /admin's first administrator for a server started with NODE_ENV=production. */
export const productionSecrets = () => {
  const random = () => crypto.randomBytes(32).toString('base64');
  return {
    APP_KEYS: [random(), random(), random(), random()].join(','),
    API_TOKEN_SALT: random(),
    ADMIN_JWT_SECRET: random(),
    TRANSFER_TOKEN_SALT: random(),
    JWT_SECRET: random(),
    ENCRYPTION_KEY: random(),
    AUTH_JWT_SECRET: random(),
    STRAPI_ADMIN_EMAIL: 'bench@localhost.localdomain',
    STRAPI_ADMIN_PASSWORD: `${crypto.randomBytes(18).toString('base64url')}aA1`,
    // The benches buy nothing: the sandbox provider is allowed (a production start refuses it otherwise).
    PAYMENT_SANDBOX: 'allow',
    // A production start needs SMTP (decision 081): a port nothing listens on, so a message the
    // bench might cause waits in its queue (retried) and none leaves the machine.
    EMAIL_PROVIDER: 'smtp',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: '9',
    EMAIL_FROM: 'bench@localhost.localdomain',
  };
};

/** A memory figure of a process from /proc/<pid>/status (`VmRSS`, `VmHWM`) in bytes, or null when it is gone. */
export const procStatus = (pid, field) => {
  try {
    const match = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
};

// ---------------------------------------------------------------- settings

/** An integer setting from the environment, `fallback` when unset; anything else than an integer ≥ min stops the bench. */
export const envInt = (name, fallback, min = 1) => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer ≥ ${min}, not "${raw}"`);
  return value;
};

/** This process's environment without what could point a bench server elsewhere (database, port, seed, SMS, Redis, S3…). */
export const inheritedEnv = () =>
  Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) =>
        !/^(DATABASE_|PORT$|HOST$|PUBLIC_URL$|PUBLIC_DIR$|NODE_ENV$|LOG_LEVEL$|SEED_|SMS_|REDIS_URL$|S3_|SECRETS_FILE$|DEBUG$)/.test(key),
    ),
  );
