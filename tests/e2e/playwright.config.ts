import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// One port for the whole run, chosen once and inherited by the workers.
process.env.E2E_PORT ??= String(4100 + (process.pid % 800));
process.env.E2E_SMS_OUTBOX ??= path.join(os.tmpdir(), `plataforma-e2e-sms-${process.env.E2E_PORT}-${Date.now()}.jsonl`);
const port = Number(process.env.E2E_PORT);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
  webServer: {
    command: 'node tests/e2e/serve.mjs',
    cwd: '../..',
    url: `http://127.0.0.1:${port}/api/site/v1/events/1`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    env: { E2E_PORT: String(port), E2E_SMS_OUTBOX: process.env.E2E_SMS_OUTBOX },
  },
});
