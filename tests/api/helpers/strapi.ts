import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import supertest from 'supertest';
import { expect } from 'vitest';
import crypto from 'node:crypto';
import { copyTestDatabase, createTestDatabase, type DatabaseSource, type TestDatabase } from './database';

const cmsDir = path.resolve(__dirname, '../../../cms');

export interface TestServer {
  strapi: Core.Strapi;
  request: () => ReturnType<typeof supertest>;
  database: TestDatabase;
  stop(): Promise<void>;
  /** Stops the server and keeps its database (for a later boot or a CLI run on it). */
  close(): Promise<void>;
}

type BootOptions = { seed?: boolean; env?: Record<string, string> };

/**
 * Boots the compiled Strapi app in-process on a fresh database (demo seed on unless
 * `seed: false`), mounted for supertest. Call `stop()` in afterAll.
 *
 * The fresh database is a copy of one a first start made and closed (its schema, first
 * administrator, seed, secrets file and uploads), so each suite pays a restart, not a first
 * start (decision 056). Suites whose environment changes what a first start writes get a copy
 * of their own.
 */
export const startServer = async (label: string, options: BootOptions = {}): Promise<TestServer> => {
  const template = await templateFor(options);
  if (!template) return bootOn(await createTestDatabase(label), options);
  return bootOn(await copyTestDatabase(template.database, label), options, { copyUploadsFrom: template.uploads });
};

interface Template {
  database: DatabaseSource;
  uploads: string;
}

/**
 * What a first start writes depends on the seed, on STRAPI_ADMIN_* (the first administrator) and,
 * with the seed, on anything the suite sets (uploads to S3, for one).
 */
const templateKey = (options: BootOptions): string => {
  const seed = options.seed !== false;
  const effective = { ...process.env, ...options.env };
  return crypto
    .createHash('sha256')
    .update(
      JSON.stringify({
        seed,
        database: process.env.DATABASE_URL ? 'postgres' : 'sqlite',
        adminEmail: effective.STRAPI_ADMIN_EMAIL ?? null,
        adminPassword: effective.STRAPI_ADMIN_PASSWORD ?? null,
        env: seed ? Object.entries(options.env ?? {}).sort() : [],
      }),
    )
    .digest('hex')
    .slice(0, 16);
};

/** The run's template for these options (global-setup.ts makes the folder and drops them at the end). */
const templateFor = async (options: BootOptions): Promise<Template | null> => {
  const runDir = process.env.PLATAFORMA_TEST_TEMPLATES;
  if (!runDir || !fs.existsSync(runDir)) return null;
  const dir = path.join(runDir, templateKey(options));
  const record = path.join(dir, 'template.json');
  if (fs.existsSync(record)) return readTemplate(record);
  // The API files run on two workers (decision 074): the first to make the folder makes the
  // template, a second file wanting it at the same time waits for its record.
  try {
    fs.mkdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return waitForTemplate(record);
  }
  try {
    const uploads = fs.mkdtempSync(path.join(dir, 'uploads-'));
    const database = await createTestDatabase('template');
    // Written before the start, so the run's teardown drops it even if the start fails.
    fs.appendFileSync(path.join(runDir, 'databases.jsonl'), `${JSON.stringify(database.source)}\n`);
    const server = await bootOn(database, options, { uploads });
    await server.close();
    const template: Template = { database: database.source, uploads };
    fs.writeFileSync(`${record}.tmp`, JSON.stringify(template));
    fs.renameSync(`${record}.tmp`, record);
    return template;
  } catch (error) {
    fs.writeFileSync(`${record}.failed`, String(error));
    throw error;
  }
};

const readTemplate = (record: string): Template => JSON.parse(fs.readFileSync(record, 'utf8')) as Template;

/** The template another worker is making: its record, or that worker's failure. */
const waitForTemplate = async (record: string): Promise<Template> => {
  for (;;) {
    if (fs.existsSync(record)) return readTemplate(record);
    if (fs.existsSync(`${record}.failed`))
      throw new Error(`the template this file needs failed in another file: ${fs.readFileSync(`${record}.failed`, 'utf8')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

/**
 * Boots the app on a database (a fresh one, or the one a stopped server left: `restartServer`,
 * `close`). `stop()` drops it, `close()` keeps it.
 */
export const startServerOn = (database: TestDatabase, options: BootOptions = {}): Promise<TestServer> => bootOn(database, options);

/**
 * `uploads`: the public folder to use and keep (a template's); `copyUploadsFrom`: a template's
 * folder whose files (the secrets file among them) a new temporary one starts with.
 */
const bootOn = async (
  database: TestDatabase,
  options: BootOptions,
  folders: { uploads?: string; copyUploadsFrom?: string } = {},
): Promise<TestServer> => {
  // strapi.destroy() calls process.removeAllListeners(), which would cut the test
  // runner's IPC channel: remember the listeners that were there before Strapi.
  const baseline = process.eventNames().map((name) => [name, process.listeners(name as NodeJS.Signals)] as const);
  const uploads = folders.uploads ?? fs.mkdtempSync(path.join(os.tmpdir(), 'plataforma-uploads-'));
  if (folders.copyUploadsFrom) fs.cpSync(folders.copyUploadsFrom, uploads, { recursive: true });
  Object.assign(process.env, {
    NODE_ENV: 'test',
    STRAPI_TELEMETRY_DISABLED: 'true',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'error',
    STRAPI_STARTUP_LOG: 'false',
    SEED_DEMO: options.seed === false ? 'false' : 'true',
    SECRETS_FILE: path.join(uploads, '.env.test'),
    PUBLIC_DIR: uploads,
    ...database.env,
    ...options.env,
  });
  // Strapi's CommonJS build: its ESM build has directory imports Node's ESM loader refuses.
  const started = performance.now();
  const { createStrapi } = createRequire(__filename)('@strapi/strapi') as typeof import('@strapi/strapi');
  const strapi = (await createStrapi({ appDir: cmsDir, distDir: path.join(cmsDir, 'dist') }).load()) as Core.Strapi;
  strapi.server.mount();
  logBoot(database, started);
  const shutDown = async () => {
    await strapi.destroy();
    for (const [name, listeners] of baseline) {
      for (const listener of listeners) {
        if (!process.listeners(name as NodeJS.Signals).includes(listener)) process.on(name as NodeJS.Signals, listener);
      }
    }
    if (!folders.uploads) fs.rmSync(uploads, { recursive: true, force: true });
  };
  const server: TestServer = {
    strapi,
    request: () => supertest(strapi.server.httpServer),
    database,
    stop: async () => {
      await shutDown();
      await database.drop();
    },
    close: shutDown,
  };
  restarts.set(server, async () => {
    await shutDown();
    return bootOn(database, options, folders);
  });
  return server;
};

const restarts = new WeakMap<TestServer, () => Promise<TestServer>>();

/**
 * With PLATAFORMA_TEST_BOOTS (a file), one JSON line per Strapi boot: the test file, the
 * database and the seconds the boot took (decision 074 counts them so).
 */
const logBoot = (database: TestDatabase, started: number): void => {
  const log = process.env.PLATAFORMA_TEST_BOOTS;
  if (!log) return;
  const file = path.relative(path.resolve(cmsDir, '..'), expect.getState().testPath ?? '');
  const seconds = Math.round(performance.now() - started) / 1000;
  fs.appendFileSync(log, `${JSON.stringify({ file, database: database.kind, seconds })}\n`);
};

/**
 * Stops a server without dropping its database, and boots a new one on it (what a crash and a
 * restart leave): the old server's `strapi` must not be used afterwards.
 */
export const restartServer = async (server: TestServer): Promise<TestServer> => {
  const restart = restarts.get(server);
  if (!restart) throw new Error('not a server of startServer');
  return restart();
};

/** A real session row and token for an account, without going through the SMS step. */
export const sessionToken = async (
  server: TestServer,
  audience: 'staff' | 'client',
  accountId: number,
  options: { startedAt?: number } = {},
): Promise<string> => {
  const { createSession, SESSION_UID } = createRequire(__filename)(
    path.join(cmsDir, 'dist/src/auth/sessions'),
  ) as typeof import('../../../cms/src/auth/sessions');
  const { token, jti } = await createSession(server.strapi, { audience, accountId });
  // A session that began earlier (a test whose server clock is faked into the past): nothing is
  // credited to a heartbeat before its session began (decision 102).
  if (options.startedAt !== undefined)
    await server.strapi.db.query(SESSION_UID).update({ where: { jti }, data: { createdAt: new Date(options.startedAt) } });
  return token;
};

/**
 * Runs `fn` with these variables set and the running server's settings re-read (the server
 * parses its environment once per boot: cms/src/lib/settings.ts); both restored afterwards.
 */
export const withSettings = async <T>(variables: Record<string, string>, fn: () => Promise<T>): Promise<T> => {
  const { loadSettings } = createRequire(__filename)(
    path.join(cmsDir, 'dist/src/lib/settings'),
  ) as typeof import('../../../cms/src/lib/settings');
  const saved = Object.fromEntries(Object.keys(variables).map((name) => [name, process.env[name]]));
  Object.assign(process.env, variables);
  loadSettings();
  try {
    return await fn();
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    loadSettings();
  }
};

/** Writes the page views still in the server's buffer (they are written in batches: decision 038). */
export const flushPageViews = async (server: TestServer): Promise<void> => {
  const { flushPageViews: flush } = createRequire(__filename)(
    path.join(cmsDir, 'dist/src/analytics/page-views'),
  ) as typeof import('../../../cms/src/analytics/page-views');
  await flush(server.strapi);
};

/** Writes the heartbeats and stand events still in the server's buffers (decision 047). */
export const flushAnalytics = async (server: TestServer): Promise<void> => {
  const load = createRequire(__filename);
  const { flushHeartbeats } = load(path.join(cmsDir, 'dist/src/analytics/watch')) as typeof import('../../../cms/src/analytics/watch');
  const { flushStandEvents } = load(
    path.join(cmsDir, 'dist/src/analytics/stand-events'),
  ) as typeof import('../../../cms/src/analytics/stand-events');
  await flushHeartbeats(server.strapi);
  await flushStandEvents(server.strapi);
};

/** How many heartbeats the server answered before Koa (http/heartbeat-front.ts, decisions 055 and 064). */
export const heartbeatFastPathAnswered = (): number => {
  const load = createRequire(__filename);
  const { heartbeatFastPath } = load(
    path.join(cmsDir, 'dist/src/http/heartbeat-front'),
  ) as typeof import('../../../cms/src/http/heartbeat-front');
  return heartbeatFastPath.answered;
};

/** How many heartbeats and stand events wait in the server's buffers. */
export const analyticsPending = (server: TestServer): { heartbeats: number; standEvents: number } => {
  const load = createRequire(__filename);
  const { heartbeatBuffer } = load(path.join(cmsDir, 'dist/src/analytics/watch')) as typeof import('../../../cms/src/analytics/watch');
  const { standEventBuffer } = load(
    path.join(cmsDir, 'dist/src/analytics/stand-events'),
  ) as typeof import('../../../cms/src/analytics/stand-events');
  return { heartbeats: heartbeatBuffer(server.strapi).size, standEvents: standEventBuffer(server.strapi).size };
};
