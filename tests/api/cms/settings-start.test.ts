import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// Issue 20, item 6: CONTACTS_PER_10_MINUTES=abc became NaN and switched the rate limit off.
// A malformed setting now stops the start (cms/src/lib/settings.ts, read by the config files).
const root = path.resolve(__dirname, '../../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plataforma-settings-'));

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Starts the server with these settings; answers its exit code and output. */
const start = (settings: NodeJS.ProcessEnv) => {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    DATABASE_URL: '',
    DATABASE_CLIENT: 'sqlite',
    DATABASE_FILENAME: path.join(dir, 'data.db'),
    SECRETS_FILE: path.join(dir, '.env'),
    PUBLIC_DIR: dir,
    SEED_DEMO: 'false',
    ...settings,
  };
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    execFile(
      process.execPath,
      [path.join(root, 'scripts/strapi.mjs'), 'start'],
      { cwd: root, env, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, output: `${stdout}${stderr}` }),
    );
  });
};

describe('a start with a malformed setting', () => {
  it('exits non-zero naming the variable and the form it takes', async () => {
    const { code, output } = await start({ CONTACTS_PER_10_MINUTES: 'abc' });
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(output).toContain("CONTACTS_PER_10_MINUTES takes a whole number ≥ 1, not 'abc'");
    // It stopped before opening a database or a port.
    expect(fs.existsSync(path.join(dir, 'data.db'))).toBe(false);
  }, 90_000);

  it('exits naming the missing Mercado Pago credential when it is the payment provider (decision 046)', async () => {
    const { code, output } = await start({
      PAYMENT_PROVIDER: 'mercadopago',
      MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-0000',
      MERCADOPAGO_WEBHOOK_SECRET: '',
    });
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(output).toContain('PAYMENT_PROVIDER=mercadopago needs MERCADOPAGO_WEBHOOK_SECRET');
    expect(output).not.toContain('APP_USR-0000');
    expect(fs.existsSync(path.join(dir, 'data.db'))).toBe(false);
  }, 90_000);
});
