// Instances of the product as an operator runs them: each its own process (tests/bench/chat-server.mjs,
// the compiled app as `strapi start` loads it) on one database and the machine's Redis, with the
// same secrets. Used by the two-instance chat test and the reverse-proxy test.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import type { TestDatabase } from './database';

const root = path.resolve(__dirname, '../../..');
const random = () => crypto.randomBytes(32).toString('base64');
const SECRETS = {
  APP_KEYS: [random(), random()].join(','),
  API_TOKEN_SALT: random(),
  ADMIN_JWT_SECRET: random(),
  TRANSFER_TOKEN_SALT: random(),
  JWT_SECRET: random(),
  ENCRYPTION_KEY: random(),
  AUTH_JWT_SECRET: random(),
};
/** This run's own Redis prefix: other runs never reach these sockets or counts. */
export const REDIS_PREFIX = `test-${crypto.randomBytes(4).toString('hex')}`;
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** What the first instance's setup wrote: stands with an attendant's token, clients with theirs. */
export interface Accounts {
  stands: Array<{ standId: number; token: string }>;
  clients: Array<{ id: number; token: string }>;
  eventId: number;
  /** The first attendant can also sign in with a password (and the SMS code of SMS_OUTBOX). */
  staff: { email: string; password: string };
}

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

export interface Instance {
  child: ChildProcess;
  port: number;
  exited: Promise<void>;
}

export const startInstance = async (
  dir: string,
  database: TestDatabase,
  port: number,
  options: { setupFile?: string; env?: Record<string, string> } = {},
): Promise<Instance> => {
  const log = fs.openSync(path.join(dir, `instance-${port}.log`), 'a');
  const child = spawn(process.execPath, [path.join(root, 'tests/bench/chat-server.mjs')], {
    cwd: path.join(root, 'cms'),
    stdio: ['pipe', 'pipe', log],
    env: {
      ...process.env,
      ...database.env,
      NODE_ENV: 'test',
      STRAPI_TELEMETRY_DISABLED: 'true',
      STRAPI_STARTUP_LOG: 'false',
      LOG_LEVEL: 'error',
      SEED_DEMO: 'false',
      HOST: '127.0.0.1',
      PORT: String(port),
      // The same secrets: the second instance verifies the tokens the first one signed.
      ...SECRETS,
      SECRETS_FILE: path.join(dir, 'secrets.env'),
      PUBLIC_DIR: path.join(dir, `public-${port}`),
      REDIS_URL,
      REDIS_PREFIX,
      BENCH_CHAT_STANDS: '1',
      BENCH_CHAT_CLIENTS: '1',
      ...(options.setupFile ? { BENCH_CHAT_SETUP: options.setupFile } : {}),
      ...options.env,
    },
  });
  fs.closeSync(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('{"ready"')) resolve();
    });
    child.once('exit', (code) =>
      reject(
        new Error(`instance on ${port} exited (${code}): ${fs.readFileSync(path.join(dir, `instance-${port}.log`), 'utf8').slice(-2000)}`),
      ),
    );
  });
  return { child, port, exited };
};

export const stopInstance = async (instance: Instance | null) => {
  if (!instance || instance.child.exitCode !== null || instance.child.signalCode !== null) return;
  instance.child.stdin?.end();
  const timer = setTimeout(() => instance.child.kill('SIGKILL'), 10_000);
  await instance.exited;
  clearTimeout(timer);
};

/** A socket.io client on `base` (http://host:port), WebSocket only unless `polling` is asked for. */
export const connect = (base: string, token: string, options: { polling?: boolean; ca?: string } = {}) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = io(base, {
      path: '/socket.io',
      transports: options.polling ? ['polling', 'websocket'] : ['websocket'],
      auth: { token },
      reconnection: false,
      forceNew: true,
      ...(options.ca ? { ca: options.ca } : {}),
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });

export const emit = <T>(socket: Socket, event: string, payload: unknown) =>
  socket.timeout(15_000).emitWithAck(event, payload) as Promise<T>;

/** Resolves with the first `event` for which `accept` holds. */
export const next = <T>(socket: Socket, event: string, accept: (value: T) => boolean = () => true) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener);
      reject(new Error(`no ${event} within 15 s`));
    }, 15_000);
    const listener = (value: T) => {
      if (!accept(value)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(value);
    };
    socket.on(event, listener);
  });
