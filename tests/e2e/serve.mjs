// Serves the built app for the end-to-end suite on E2E_PORT with a database of its own:
// a temporary SQLite file, or a new PostgreSQL database when DATABASE_URL is set. The
// database, uploads and generated secrets are removed when the server is stopped.
// With E2E_S3_URL_FILE the uploads go to S3 instead: a local S3-compatible server (s3rver on a
// free port, objects in the temporary folder) whose bucket is served from S3_PUBLIC_URL
// http://127.0.0.1:{port}/plataforma-e2e, written into that file for the tests.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { cmsDir, strapiBin, strapiEnv } from '../../scripts/lib.mjs';

const port = process.env.E2E_PORT ?? '4100';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'plataforma-e2e-'));
const env = {
  ...process.env,
  ...strapiEnv(),
  PORT: port,
  HOST: '127.0.0.1',
  PUBLIC_DIR: work,
  SECRETS_FILE: path.join(work, '.env'),
  // Files stream here while a request runs (removed when it ends; the folder with the rest).
  UPLOAD_TMP_DIR: path.join(work, 'upload-tmp'),
  SEED_DEMO: 'true',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'test',
  // Codes are read from the outbox by the tests (E2E_SMS_OUTBOX, set by the config).
  SMS_PROVIDER: 'outbox',
  SMS_OUTBOX: process.env.E2E_SMS_OUTBOX ?? path.join(work, 'sms.jsonl'),
  // E-mails too (decision 081): one JSON line per message, the confirmation links readable (E2E_EMAIL_OUTBOX).
  EMAIL_PROVIDER: 'outbox',
  EMAIL_OUTBOX: process.env.E2E_EMAIL_OUTBOX ?? path.join(work, 'emails.jsonl'),
  // The network room's paging needs more listed visitors than the demo has; the suite registers them.
  REGISTER_PER_HOUR_PER_IP: '200',
  // The suite signs the same admin in well over six times an hour, more when a test is retried:
  // at the default (6 codes an hour) a retry left the next spec's sign-in without a code. The
  // limit itself is tested by the API suite (tests/api/auth/limits.test.ts).
  SMS_MAX_PER_HOUR: '60',
  SMS_MAX_PER_NUMBER_PER_HOUR: '120',
  // Every browser of the suite is 127.0.0.1: signed-out page views of several specs in one minute
  // would share one visitor's limit. The limit is tested by the API suite (site/page-views.test.ts).
  PAGE_VIEWS_PER_MINUTE: '100000',
  WATCH_HEARTBEATS_PER_MINUTE: '100000',
  STAND_EVENTS_PER_MINUTE: '100000',
};

let closeStore = async () => {};
const s3UrlFile = process.env.E2E_S3_URL_FILE;
if (s3UrlFile) {
  const { default: S3rver } = await import('s3rver');
  const bucket = 'plataforma-e2e';
  const directory = path.join(work, 's3');
  fs.mkdirSync(directory);
  const store = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: bucket }] });
  const { port: storePort } = await store.run();
  const endpoint = `http://127.0.0.1:${storePort}`;
  const publicUrl = `${endpoint}/${bucket}`;
  Object.assign(env, {
    S3_BUCKET: bucket,
    S3_REGION: 'us-east-1',
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_PUBLIC_URL: publicUrl,
  });
  fs.writeFileSync(s3UrlFile, publicUrl);
  closeStore = async () => {
    await store.close();
    fs.rmSync(s3UrlFile, { force: true });
  };
}

let dropDatabase = async () => {};
if (process.env.DATABASE_URL) {
  const name = `e2e_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  Object.assign(env, { DATABASE_CLIENT: 'postgres', DATABASE_URL: url.toString() });
  dropDatabase = async () => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.end();
  };
} else {
  Object.assign(env, { DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: path.join(work, 'e2e.db') });
  delete env.DATABASE_URL;
}

let child = null;
// A deliberate stop (E2E_CONTROL=stdin, below) is not the app failing.
let halted = false;
const launch = () => {
  halted = false;
  child = spawn(process.execPath, [strapiBin, 'start'], { cwd: cmsDir, env, stdio: 'inherit' });
  child.on('exit', (code) => {
    if (!stopping && !halted) stop(code ?? 1);
  });
};
launch();

let stopping = false;
const stop = async (code = 0) => {
  if (stopping) return;
  stopping = true;
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    await new Promise((resolve) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        resolve();
      }, 8000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
  try {
    await dropDatabase();
  } catch (error) {
    console.error(`[e2e] could not drop the database: ${error.message}`);
  }
  try {
    await closeStore();
  } catch (error) {
    console.error(`[e2e] could not stop the S3 store: ${error.message}`);
  }
  fs.rmSync(work, { recursive: true, force: true });
  process.exit(code);
};

process.on('SIGTERM', () => stop(0));
process.on('SIGINT', () => stop(0));

// E2E_CONTROL=stdin (the server-restart walk, chat-restart.spec.ts): 'kill' ends the app at once
// (SIGKILL: its sockets are cut, as in a crash, and nothing says goodbye to the browsers), 'start'
// starts it again on the same port, database, uploads and secrets; each answers a line
// '[e2e] killed' or '[e2e] started'. The end of stdin (the spec, or its worker, gone) stops all.
if (process.env.E2E_CONTROL === 'stdin') {
  let buffered = '';
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk) => {
    buffered += chunk;
    let end;
    while ((end = buffered.indexOf('\n')) >= 0) {
      const command = buffered.slice(0, end).trim();
      buffered = buffered.slice(end + 1);
      if (command === 'kill' && !halted) {
        halted = true;
        child.once('exit', () => console.log('[e2e] killed'));
        child.kill('SIGKILL');
      } else if (command === 'start' && halted && !stopping) {
        launch();
        console.log('[e2e] started');
      }
    }
  });
  process.stdin.on('end', () => stop(0));
}
