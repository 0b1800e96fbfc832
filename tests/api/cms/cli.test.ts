import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../helpers/database';

// Stock Strapi commands from the repository root (issue 20: "You need to run strapi
// content-types:list in a Strapi project" when not in cms/).
const root = path.resolve(__dirname, '../../..');
const run = promisify(execFile);
const databases: TestDatabase[] = [];
const dirs: string[] = [];

afterAll(async () => {
  for (const database of databases) await database.drop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('npm run strapi -- <command> from the root', () => {
  it('runs a stock command against the database it is given', async () => {
    const database = await createTestDatabase('cli');
    databases.push(database);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plataforma-cli-'));
    dirs.push(dir);
    // The command runs on the server code the build made: Strapi's own compile rewrote every
    // file of cms/dist under whatever else was running (a server, another command, other tests).
    const built = path.join(root, 'cms', 'dist', 'src', 'index.js');
    const builtAt = fs.statSync(built).mtimeMs;
    const { stdout } = await run(process.execPath, [path.join(root, 'scripts/strapi.mjs'), 'content-types:list'], {
      cwd: root,
      env: {
        ...process.env,
        ...database.env,
        NODE_ENV: 'development',
        SEED_DEMO: 'false',
        SECRETS_FILE: path.join(dir, '.env'),
        PUBLIC_DIR: dir,
        LOG_LEVEL: 'error',
      },
      timeout: 120_000,
      maxBuffer: 10 * 1024 * 1024,
    });
    expect(stdout).toContain('api::event.event');
    expect(stdout).toContain('api::stand.stand');
    expect(fs.statSync(built).mtimeMs).toBe(builtAt);
  }, 150_000);
});
