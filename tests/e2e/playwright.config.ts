import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';

// One port for the whole run, chosen once and inherited by the workers.
process.env.E2E_PORT ??= String(4100 + (process.pid % 800));
process.env.E2E_SMS_OUTBOX ??= path.join(os.tmpdir(), `plataforma-e2e-sms-${process.env.E2E_PORT}-${Date.now()}.jsonl`);
// The e-mails as the SMS: one JSON line each, read by the specs (the registration's confirmation link).
process.env.E2E_EMAIL_OUTBOX ??= path.join(os.tmpdir(), `plataforma-e2e-email-${process.env.E2E_PORT}-${Date.now()}.jsonl`);
const port = Number(process.env.E2E_PORT);
// A second server whose uploads go to S3, for the 's3' project: serve.mjs starts s3rver on a free
// port and writes its S3_PUBLIC_URL into E2E_S3_URL_FILE, where the spec reads it.
// 20,000 above the first (24100–24899): the old +800 (4900–5699) took PostgreSQL's 5432 once in
// 800 runs, and that run's server could not start.
process.env.E2E_S3_PORT ??= String(Number(process.env.E2E_PORT) + 20_000);
process.env.E2E_S3_URL_FILE ??= path.join(os.tmpdir(), `plataforma-e2e-s3-${process.env.E2E_S3_PORT}-${Date.now()}.url`);
const s3Port = Number(process.env.E2E_S3_PORT);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// E2E_S3=false leaves out the 's3' project and its server: uploads to S3 do not depend on the
// database, so CI runs that project on the SQLite half only (decision 074).
const withS3 = process.env.E2E_S3 !== 'false';
type WebServer = Extract<NonNullable<PlaywrightTestConfig['webServer']>, unknown[]>[number];

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  outputDir: '../../test-results',
  use: {
    ...devices['Desktop Chrome'],
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    // Every spec, uploads on the server's disk.
    { name: 'chromium' },
    // The event editor's path once more with uploads on S3, served from S3_PUBLIC_URL (decision 017).
    ...(withS3
      ? [
          {
            name: 's3',
            testMatch: 'event-editor.spec.ts',
            use: { baseURL: `http://127.0.0.1:${s3Port}` },
            metadata: { s3UrlFile: process.env.E2E_S3_URL_FILE },
          },
        ]
      : []),
  ],
  webServer: [
    {
      command: 'node tests/e2e/serve.mjs',
      cwd: '../..',
      url: `http://127.0.0.1:${port}/api/site/v1/events/1`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
      // Uploads on the server's disk ('' overrides the S3 file the config put in the environment).
      env: {
        E2E_PORT: String(port),
        E2E_SMS_OUTBOX: process.env.E2E_SMS_OUTBOX,
        E2E_EMAIL_OUTBOX: process.env.E2E_EMAIL_OUTBOX,
        E2E_S3_URL_FILE: '',
      },
    },
    ...(withS3
      ? [
          {
            command: 'node tests/e2e/serve.mjs',
            cwd: '../..',
            url: `http://127.0.0.1:${s3Port}/api/site/v1/events/1`,
            timeout: 120_000,
            reuseExistingServer: false,
            stdout: 'pipe',
            stderr: 'pipe',
            gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
            env: { E2E_PORT: String(s3Port), E2E_SMS_OUTBOX: process.env.E2E_SMS_OUTBOX, E2E_S3_URL_FILE: process.env.E2E_S3_URL_FILE },
          } satisfies WebServer,
        ]
      : []),
  ],
});
