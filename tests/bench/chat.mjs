// `npm run bench:chat`: the live chat under load (issue 12). BENCH_CHAT_PAIRS (1,000) client–attendant
// pairs, each side its own socket.io connection (2,000 sockets), each side sending one message every
// 2 × pairs / BENCH_CHAT_RATE seconds (2,000 messages/s in all by default) for BENCH_CHAT_SECONDS (30)
// after BENCH_CHAT_WARMUP (5) seconds not counted. A message's delivery latency is from its send to
// its arrival at the other side's socket; a message acknowledged that never arrives is lost.
// Scenarios, in one run (BENCH_CHAT_SCENARIOS to pick):
//   bare        a bare socket.io server with the same events (tests/bench/chat-bare.mjs): the floor;
//   sqlite      the product, one instance, on SQLite (the embedded default);
//   postgres    the product, one instance, on PostgreSQL;
//   redis       the product, two instances on PostgreSQL through Redis (REDIS_URL): clients on the
//               first, attendants on the second.
// Per idle socket: after the load, the servers' heap and buffers with every socket still in its chat
// less the same once they are closed, each read after a full collection, over the sockets. Prints
// one table, writes bench-results/chat-<timestamp>.json; exits 0 whatever the figures, 1 when
// something failed to run.
import fs from 'node:fs';
import path from 'node:path';
import { io } from 'socket.io-client';
import {
  assertPortFree,
  benchDir,
  cleanup,
  cmsDir,
  createPostgresDatabase,
  postgresReachable,
  procStatus,
  productionSecrets,
  root,
  run,
  startProcess,
  tail,
  tempDir,
  resultsDir,
} from './lib.mjs';
import { measureWindow } from './probe.mjs';

const int = (name, fallback) => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, not "${raw}"`);
  return value;
};
const config = {
  pairs: int('BENCH_CHAT_PAIRS', 1000),
  rate: int('BENCH_CHAT_RATE', 2000),
  seconds: int('BENCH_CHAT_SECONDS', 30),
  warmup: int('BENCH_CHAT_WARMUP', 5),
  stands: int('BENCH_CHAT_STANDS', 50),
  port: int('BENCH_CHAT_PORT', 1365),
  scenarios: (process.env.BENCH_CHAT_SCENARIOS || 'bare,sqlite,postgres,redis').split(',').map((s) => s.trim()),
  postgresUrl: process.env.BENCH_POSTGRES_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test',
  redisUrl: process.env.BENCH_REDIS_URL || process.env.REDIS_URL || 'redis://127.0.0.1:6379/15',
};
// BENCH_CHAT_NODE_FLAGS: Node flags for the product's server processes (e.g. V8's GC flags), space-separated.
const serverFlags = (process.env.BENCH_CHAT_NODE_FLAGS ?? '').split(' ').filter(Boolean);
const MB = 1024 * 1024;
const log = (message) => console.log(`[bench:chat] ${message}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const nowMs = () => Number(process.hrtime.bigint()) / 1e6;

const percentile = (sorted, p) =>
  sorted.length === 0 ? null : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

// ---------------------------------------------------------------- servers

const waitForLine = async (server, logFile, label) => {
  for (let waited = 0; ; waited += 200) {
    const text = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '';
    if (text.split('\n').some((line) => line.startsWith('{"ready"'))) return;
    if (server.child.exitInfo || waited > 180_000) throw new Error(`the ${label} server did not start:\n${tail(logFile)}`);
    await sleep(200);
  }
};

const startBare = async (dir, port) => {
  await assertPortFree(port);
  const logFile = path.join(dir, 'bare.log');
  const server = startProcess('chat bare', process.execPath, ['--expose-gc', path.join(benchDir, 'chat-bare.mjs')], {
    logFile,
    env: { ...process.env, PORT: String(port) },
  });
  await waitForLine(server, logFile, 'bare');
  return Object.assign(server, { logFile });
};

const startProduct = async (label, dir, port, env, setupFile) => {
  await assertPortFree(port);
  const logFile = path.join(dir, `${label}.log`);
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !/^(DATABASE_|PORT$|HOST$|PUBLIC_|NODE_ENV$|LOG_LEVEL$|SEED_|SMS_|S3_|UPLOAD_|REDIS_|SECRETS_FILE$)/.test(key),
    ),
  );
  // --expose-gc: the idle memory is read after a full collection (probe.mjs); nothing else calls it.
  const server = startProcess(`chat ${label}`, process.execPath, ['--expose-gc', ...serverFlags, path.join(benchDir, 'chat-server.mjs')], {
    cwd: cmsDir,
    logFile,
    env: {
      ...inherited,
      NODE_ENV: 'production',
      SEED_DEMO: 'false',
      STRAPI_TELEMETRY_DISABLED: 'true',
      STRAPI_STARTUP_LOG: 'false',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_DIR: path.join(dir, `public-${label}`),
      SMS_PROVIDER: 'log',
      BENCH_CHAT_STANDS: String(config.stands),
      BENCH_CHAT_CLIENTS: String(config.pairs),
      // Every socket of the load comes from 127.0.0.1, and each stand's attendant holds one socket
      // a pair of the stand on one session: the caps (500 an address, 10 a session; c31e566) refused it.
      CHAT_SOCKETS_PER_IP: String(2 * config.pairs + 100),
      CHAT_SOCKETS_PER_SESSION: String(Math.ceil(config.pairs / config.stands) + 10),
      ...(setupFile ? { BENCH_CHAT_SETUP: setupFile } : {}),
      ...env,
    },
  });
  await waitForLine(server, logFile, label);
  return Object.assign(server, { logFile });
};

// ---------------------------------------------------------------- load

const connect = (port, token) =>
  new Promise((resolve, reject) => {
    const socket = io(`http://127.0.0.1:${port}`, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: token ? { token } : {},
      reconnection: false,
      forceNew: true,
      timeout: 60_000,
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(new Error(`socket refused: ${error.message}`));
    });
  });

const ack = (socket, event, payload, ms = 15_000) =>
  new Promise((resolve) => {
    socket.timeout(ms).emit(event, payload, (error, answer) => resolve(error ? { ok: false, msg: 'timeout' } : answer));
  });

/** Opens `pairs` conversations: each pair a client socket on `clientPort` and an attendant socket on `standPort`. */
const openPairs = async ({ clientPort, standPort, accounts }) => {
  const pairs = [];
  for (let start = 0; start < config.pairs; start += 100) {
    const batch = [];
    for (let i = start; i < Math.min(config.pairs, start + 100); i += 1) {
      const client = accounts ? accounts.clients[i] : { id: i + 1, token: null };
      const stand = accounts ? accounts.stands[i % accounts.stands.length] : { standId: (i % config.stands) + 1, token: null };
      batch.push(
        (async () => {
          const [clientSocket, standSocket] = await Promise.all([connect(clientPort, client.token), connect(standPort, stand.token)]);
          const opened = await ack(clientSocket, 'chat_open', { standId: stand.standId, clientId: client.id, fetchMessages: false });
          const standOpened = await ack(standSocket, 'chat_open', { standId: stand.standId, clientId: client.id, fetchMessages: false });
          if (!opened?.ok || !standOpened?.ok)
            throw new Error(`chat_open refused: ${JSON.stringify(opened)} ${JSON.stringify(standOpened)}`);
          return { index: i, client: clientSocket, stand: standSocket };
        })(),
      );
    }
    pairs.push(...(await Promise.all(batch)));
  }
  return pairs;
};

const drive = async (pairs, servers) => {
  const sent = new Map(); // text → { at, measured, acked, delivered }
  const latencies = [];
  const refused = {};
  let sentMeasured = 0;
  let ackedMeasured = 0;
  let received = 0;
  let measuring = false;
  let stopped = false;
  const intervalMs = (2 * config.pairs * 1000) / config.rate;
  const timers = [];

  const listen = (socket, side) =>
    socket.on('chat_message', (message) => {
      if (message.senderType === side) return; // its own echo
      const entry = sent.get(message.text);
      if (!entry || entry.delivered) return;
      entry.delivered = true;
      if (entry.measured) {
        received += 1;
        latencies.push(nowMs() - entry.at);
      }
      // Done with: kept no longer (a load generator that holds every message makes old-generation
      // garbage collections of its own, and its stalls would count as delivery latency).
      if (entry.answered) sent.delete(message.text);
    });

  const sender = (pair, socket, side) => {
    let seq = 0;
    const event = side === 'client' ? 'chat_client_message' : 'chat_stand_message';
    return () => {
      if (stopped) return;
      seq += 1;
      const text = `${side[0]}${pair.index}-${seq}`;
      const entry = { at: nowMs(), measured: measuring, answered: false, acked: false, delivered: false };
      sent.set(text, entry);
      if (entry.measured) sentMeasured += 1;
      socket.timeout(15_000).emit(event, { text, clientMessageId: text }, (error, answer) => {
        entry.answered = true;
        if (error || !answer?.ok) {
          const key = error ? 'timeout' : (answer?.msg ?? 'unknown');
          if (entry.measured) refused[key] = (refused[key] ?? 0) + 1;
          return;
        }
        entry.acked = true;
        if (entry.measured) ackedMeasured += 1;
        if (entry.delivered) sent.delete(text);
      });
    };
  };

  for (const pair of pairs) {
    listen(pair.client, 'client');
    listen(pair.stand, 'stand');
    for (const [socket, side] of [
      [pair.client, 'client'],
      [pair.stand, 'stand'],
    ]) {
      const tick = sender(pair, socket, side);
      const offset = Math.random() * intervalMs;
      timers.push(
        setTimeout(() => {
          tick();
          timers.push(setInterval(tick, intervalMs));
        }, offset),
      );
    }
  }
  await sleep(config.warmup * 1000);
  // This process's own view of the window: a stall here delays the arrivals it timestamps.
  const own = measureWindow();
  openWindow(servers);
  own.read();
  measuring = true;
  const started = nowMs();
  await sleep(config.seconds * 1000);
  measuring = false;
  const seconds = (nowMs() - started) / 1000;
  const generator = own.read();
  own.stop();
  const serverWindows = await closeWindow(servers);

  stopped = true;
  for (const timer of timers) clearTimeout(timer);
  // Whatever is still on its way gets 20 s to be answered and arrive before it counts as lost.
  for (let waited = 0; waited < 20_000; waited += 250) {
    const pending = [...sent.values()].some((entry) => entry.measured && (!entry.answered || (entry.acked && !entry.delivered)));
    if (!pending) break;
    await sleep(250);
  }
  const lost = [...sent.values()].filter((entry) => entry.measured && entry.acked && !entry.delivered).length;
  latencies.sort((a, b) => a - b);
  return {
    seconds: Number(seconds.toFixed(2)),
    sent: sentMeasured,
    acked: ackedMeasured,
    received,
    lost,
    refused,
    sentPerSecond: Number((sentMeasured / seconds).toFixed(1)),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    servers: serverWindows,
    generator,
  };
};

/** Opens a new window in each server's probe (probe.mjs); the window's figures are read by `closeWindow`. */
const openWindow = (servers) => {
  for (const server of servers) process.kill(server.child.pid, 'SIGUSR2');
};
const closeWindow = async (servers) => {
  const counts = servers.map((server) => windowsIn(server.logFile).length);
  for (const server of servers) process.kill(server.child.pid, 'SIGUSR2');
  for (let waited = 0; waited < 5_000; waited += 50) {
    if (servers.every((server, i) => windowsIn(server.logFile).length > counts[i])) break;
    await sleep(50);
  }
  return servers.map((server) => windowsIn(server.logFile).at(-1) ?? null);
};
const windowsIn = (logFile) => linesIn(logFile, 'window');
/** The server's probe lines `{"<key>":{...}}` in its log, oldest first. */
const linesIn = (logFile, key) =>
  fs
    .readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith(`{"${key}"`))
    .map((line) => JSON.parse(line)[key]);

const closeAll = (pairs) => {
  for (const pair of pairs) {
    pair.client.close();
    pair.stand.close();
  }
};

const scenario = async (name, fn) => {
  log(`${name}: starting`);
  try {
    const result = await fn();
    log(`${name}: ${JSON.stringify(result)}`);
    return { scenario: name, ...result };
  } catch (error) {
    log(`${name}: FAILED — ${error.message}`);
    return { scenario: name, error: error.message };
  } finally {
    await cleanup();
  }
};

/** Each server's heap and memory outside it after a full collection (probe.mjs's `memory` line). */
const memoryOf = async (servers) => {
  const counts = servers.map((server) => linesIn(server.logFile, 'memory').length);
  for (const server of servers) server.child.stdin.write('memory\n');
  for (let waited = 0; waited < 10_000; waited += 50) {
    if (servers.every((server, i) => linesIn(server.logFile, 'memory').length > counts[i])) break;
    await sleep(50);
  }
  return servers.map((server) => linesIn(server.logFile, 'memory').at(-1) ?? null);
};

/**
 * Drives the load on `pairs`, then reads what their sockets hold once idle: the servers' heap and
 * memory outside it (buffers) after a full collection, with the sockets still connected and in
 * their chats and again once they are closed, the difference over the sockets. Read after the
 * measured window, since a forced collection resizes the heap and changes the collections that
 * follow. Resident memory (VmRSS) growth was the measure before, but it depends on when the
 * collector last ran and how much it gave back, and once came out negative.
 */
const driveAndMeasure = async (servers, pairs) => {
  try {
    const result = await drive(pairs, servers);
    // Resident memory under the load, before the collection below gives any back.
    const rss = servers.reduce((sum, server) => sum + (procStatus(server.child.pid, 'VmRSS') ?? 0), 0);
    const connected = await memoryOf(servers);
    closeAll(pairs);
    await sleep(2_000);
    const closed = await memoryOf(servers);
    if ([...connected, ...closed].some((m) => !m?.collected)) throw new Error('a server did not report its memory after a full collection');
    const held = (memory) => memory.reduce((sum, m) => sum + m.heapUsed + m.external, 0);
    return {
      ...result,
      idleKbPerSocket: Number(((held(connected) - held(closed)) / 1024 / (2 * pairs.length)).toFixed(1)),
      rssMb: Number((rss / MB).toFixed(0)),
      instances: servers.length,
    };
  } finally {
    closeAll(pairs);
  }
};

const productRun = async ({ label, env, twoInstances }) => {
  const dir = tempDir(`bench-chat-${label}-`);
  const setupFile = path.join(dir, 'accounts.json');
  const first = await startProduct(`${label}-a`, dir, config.port, { ...productionSecretsOnce(), ...env }, setupFile);
  const accounts = JSON.parse(fs.readFileSync(setupFile, 'utf8'));
  const second = twoInstances ? await startProduct(`${label}-b`, dir, config.port + 1, { ...productionSecretsOnce(), ...env }) : null;
  const servers = [first, ...(second ? [second] : [])];
  const pairs = await openPairs({ clientPort: config.port, standPort: second ? config.port + 1 : config.port, accounts });
  return driveAndMeasure(servers, pairs);
};

// Both instances of one scenario share their secrets (the tokens are signed with one key).
let secrets = null;
const productionSecretsOnce = () => (secrets ??= productionSecrets());

// ---------------------------------------------------------------- main

const main = async () => {
  log(`building the app (cms/dist)`);
  if (process.env.BENCH_SKIP_BUILD !== '1') await run(process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--only=adapter,cms']);
  log(`${config.pairs} pairs (${2 * config.pairs} sockets), ${config.rate} messages/s for ${config.seconds} s after ${config.warmup} s`);
  const results = [];
  for (const name of config.scenarios) {
    secrets = null;
    if (name === 'bare') {
      results.push(
        await scenario('bare', async () => {
          const dir = tempDir('bench-chat-bare-');
          const server = await startBare(dir, config.port + 2);
          const pairs = await openPairs({ clientPort: config.port + 2, standPort: config.port + 2, accounts: null });
          return driveAndMeasure([server], pairs);
        }),
      );
    } else if (name === 'sqlite') {
      results.push(
        await scenario('sqlite', async () => {
          const dir = tempDir('bench-chat-db-');
          return productRun({ label: 'sqlite', env: { DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: path.join(dir, 'chat.db') } });
        }),
      );
    } else if (name === 'postgres' || name === 'redis') {
      const reachable = await postgresReachable(config.postgresUrl);
      if (!reachable.ok) {
        results.push({ scenario: name, error: `PostgreSQL not reachable (${reachable.reason})` });
        continue;
      }
      results.push(
        await scenario(name, async () => {
          const database = await createPostgresDatabase(config.postgresUrl);
          const env = {
            DATABASE_CLIENT: 'postgres',
            DATABASE_URL: database.url,
            ...(name === 'redis' ? { REDIS_URL: config.redisUrl } : {}),
          };
          return productRun({ label: name, env, twoInstances: name === 'redis' });
        }),
      );
    } else {
      throw new Error(`unknown scenario "${name}" (bare, sqlite, postgres, redis)`);
    }
  }

  const fmt = (value, digits = 1) => (value === null || value === undefined ? '—' : Number(value).toFixed(digits));
  const floor = results.find((r) => r.scenario === 'bare' && !r.error);
  console.log('\nLive chat — delivery latency from send to the other side (ms), messages in the measured window');
  console.log(
    '| scenario | instances | sent/s | sent | acked | received | lost | refused | p50 | p95 | p99 | p99 / floor | idle KB/socket (heap after GC) | RSS MB |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    if (r.error) {
      console.log(`| ${r.scenario} | — | failed: ${r.error.split('\n')[0]} |||||||||||`);
      continue;
    }
    const refused =
      Object.entries(r.refused)
        .map(([k, n]) => `${k}:${n}`)
        .join(' ') || '0';
    const ratio = floor && floor.p99 ? `${fmt(r.p99 / floor.p99, 2)}×` : '—';
    console.log(
      `| ${r.scenario} | ${r.instances} | ${fmt(r.sentPerSecond, 0)} | ${r.sent} | ${r.acked} | ${r.received} | ${r.lost} | ${refused} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.p99)} | ${ratio} | ${fmt(r.idleKbPerSocket)} | ${r.rssMb} |`,
    );
  }
  console.log('Goal: p99 ≤ 50 ms and 0 lost on the product rows.');
  console.log('\nIn the measured window: each server process (event loop delay, garbage collection, CPU) and the load generator');
  console.log(
    '| scenario | process | CPU % | main thread on CPU % | main thread waiting for a CPU % | loop p99 ms | loop max ms | GC pauses | GC ms | GC max ms | major GCs | major ms |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    if (r.error) continue;
    (r.servers ?? []).forEach((w, i) => {
      if (!w) return;
      console.log(
        `| ${r.scenario} | server ${i + 1} | ${w.cpuPercent} | ${fmt(w.mainRunPercent, 0)} | ${fmt(w.mainWaitPercent, 0)} | ${fmt(w.loopP99)} | ${fmt(w.loopMax)} | ${w.gcCount} | ${w.gcMs} | ${fmt(w.gcMaxMs)} | ${w.gcMajor} | ${w.gcMajorMs} |`,
      );
    });
    const g = r.generator;
    console.log(
      `| ${r.scenario} | load generator | ${g.cpuPercent} | ${fmt(g.mainRunPercent, 0)} | ${fmt(g.mainWaitPercent, 0)} | ${fmt(g.loopP99)} | ${fmt(g.loopMax)} | ${g.gcCount} | ${g.gcMs} | ${fmt(g.gcMaxMs)} | ${g.gcMajor} | ${g.gcMajorMs} |`,
    );
  }
  const out = resultsDir;
  fs.mkdirSync(out, { recursive: true });
  const file = path.join(out, `chat-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify({ config, results }, null, 2));
  log(`results: ${path.relative(root, file)}`);
  return results.some((r) => r.error) ? 1 : 0;
};

process.on('SIGINT', () => cleanup().finally(() => process.exit(130)));
main()
  .then((code) => cleanup().then(() => process.exit(code)))
  .catch((error) => {
    console.error(error?.stack ?? error);
    cleanup().finally(() => process.exit(1));
  });
