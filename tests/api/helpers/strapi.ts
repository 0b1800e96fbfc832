import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import supertest from 'supertest';
import { createTestDatabase, type TestDatabase } from './database';

const cmsDir = path.resolve(__dirname, '../../../cms');

export interface TestServer {
  strapi: Core.Strapi;
  request: () => ReturnType<typeof supertest>;
  database: TestDatabase;
  stop(): Promise<void>;
  /** Stops the server and keeps its database (for a later boot or a CLI run on it). */
  close(): Promise<void>;
}

/**
 * Boots the compiled Strapi app in-process on a fresh database (demo seed on unless
 * `seed: false`), mounted for supertest. Call `stop()` in afterAll.
 */
export const startServer = async (label: string, options: { seed?: boolean; env?: Record<string, string> } = {}): Promise<TestServer> =>
  bootOn(await createTestDatabase(label), options);

/**
 * Boots the app on a database (a fresh one, or the one a stopped server left: `restartServer`,
 * `close`). `stop()` drops it, `close()` keeps it.
 */
export const startServerOn = (
  database: TestDatabase,
  options: { seed?: boolean; env?: Record<string, string> } = {},
): Promise<TestServer> => bootOn(database, options);

const bootOn = async (database: TestDatabase, options: { seed?: boolean; env?: Record<string, string> }): Promise<TestServer> => {
  // strapi.destroy() calls process.removeAllListeners(), which would cut the test
  // runner's IPC channel: remember the listeners that were there before Strapi.
  const baseline = process.eventNames().map((name) => [name, process.listeners(name as NodeJS.Signals)] as const);
  const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'plataforma-uploads-'));
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
  const { createStrapi } = createRequire(__filename)('@strapi/strapi') as typeof import('@strapi/strapi');
  const strapi = (await createStrapi({ appDir: cmsDir, distDir: path.join(cmsDir, 'dist') }).load()) as Core.Strapi;
  strapi.server.mount();
  const shutDown = async () => {
    await strapi.destroy();
    for (const [name, listeners] of baseline) {
      for (const listener of listeners) {
        if (!process.listeners(name as NodeJS.Signals).includes(listener)) process.on(name as NodeJS.Signals, listener);
      }
    }
    fs.rmSync(uploads, { recursive: true, force: true });
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
    return bootOn(database, options);
  });
  return server;
};

const restarts = new WeakMap<TestServer, () => Promise<TestServer>>();

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
export const sessionToken = async (server: TestServer, audience: 'staff' | 'client', accountId: number): Promise<string> => {
  const { createSession } = createRequire(__filename)(
    path.join(cmsDir, 'dist/src/auth/sessions'),
  ) as typeof import('../../../cms/src/auth/sessions');
  return (await createSession(server.strapi, { audience, accountId })).token;
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

/** How many heartbeats the server answered before its router (middlewares/heartbeat.ts, decision 055). */
export const heartbeatFastPathAnswered = (): number => {
  const load = createRequire(__filename);
  const { heartbeatFastPath } = load(
    path.join(cmsDir, 'dist/src/middlewares/heartbeat'),
  ) as typeof import('../../../cms/src/middlewares/heartbeat');
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
