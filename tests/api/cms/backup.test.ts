import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { startServerOn, type TestServer } from '../helpers/strapi';

// Issue 20, item 3: a backup taken with the stock `strapi export` restores with every id kept, into
// a brand-new database and over the one in use (the SPEC puts ids in the venue's URLs). Runs the
// stock CLI from the root three times (export, two imports): about 3–4 minutes on 2 busy cores.
const root = path.resolve(__dirname, '../../..');
const run = promisify(execFile);
const databases: TestDatabase[] = [];
const dirs: string[] = [];
const servers: TestServer[] = [];

afterAll(async () => {
  for (const server of servers) await server.close().catch(() => undefined);
  for (const database of databases) await database.drop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const tempDir = (label: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `plataforma-backup-${label}-`));
  dirs.push(dir);
  return dir;
};

/** `npm run strapi -- <args>` from the root, on a database and its uploads folder. */
const strapiCli = async (args: string[], database: TestDatabase, publicDir: string, env: Record<string, string> = {}) => {
  const { stdout } = await run(process.execPath, [path.join(root, 'scripts/strapi.mjs'), ...args], {
    cwd: root,
    env: {
      ...process.env,
      ...database.env,
      NODE_ENV: 'development',
      // On: an import's boot must not load the demo into the database it restores.
      SEED_DEMO: 'true',
      SECRETS_FILE: path.join(publicDir, '.env'),
      PUBLIC_DIR: publicDir,
      LOG_LEVEL: 'error',
      ...env,
    },
    timeout: 240_000,
    maxBuffer: 20 * 1024 * 1024,
  });
  return stdout;
};

const boot = async (database: TestDatabase, publicDir: string, seed = false) => {
  const server = await startServerOn(database, { seed, env: { PUBLIC_DIR: publicDir, SECRETS_FILE: path.join(publicDir, '.env') } });
  servers.push(server);
  return server;
};

const close = async (server: TestServer) => {
  servers.splice(servers.indexOf(server), 1);
  await server.close();
};

/** What the venue reads for event 1: the event, its entrance hall (stands, sponsors), rooms, lectures and a stand. */
const venueOf = async (server: TestServer) => {
  const get = async (url: string) => {
    const res = await server.request().get(url);
    expect(res.status, url).toBe(200);
    return res.body.data as unknown;
  };
  return {
    event: await get('/api/site/v1/events/1'),
    stands: await get('/api/site/v1/stands?eventId=1&limit=100&order=position:asc'),
    sponsors: await get('/api/site/v1/sponsors?eventId=1&limit=20'),
    rooms: await get('/api/site/v1/rooms?eventId=1&offset=0&limit=50'),
    lectures: await get('/api/site/v1/lectures/event/1'),
    stand: await get('/api/site/v1/stands/1'),
  };
};

describe('backup and restore with the stock CLI', () => {
  it('restores into a new database and over the one in use with every id and the venue kept', async () => {
    // The demo, as a running instance has it.
    const inUse = await createTestDatabase('backup_in_use');
    databases.push(inUse);
    const inUseDir = tempDir('in-use');
    let server = await boot(inUse, inUseDir, true);
    const before = await venueOf(server);
    const stands = (before.stands as { rows: Array<{ id: number }> }).rows.map((s) => s.id).sort((a, b) => a - b);
    expect(stands).toEqual(Array.from({ length: 19 }, (_, i) => i + 1));
    await close(server);

    const backupDir = tempDir('archive');
    await strapiCli(['export', '--no-encrypt', '-f', path.join(backupDir, 'backup')], inUse, inUseDir);
    const archive = path.join(backupDir, 'backup.tar.gz');
    expect(fs.existsSync(archive)).toBe(true);

    // Work goes on after the backup: a stand deleted, one added, the event renamed.
    server = await boot(inUse, inUseDir);
    await server.strapi.db.query('api::stand.stand').delete({ where: { id: 5 } });
    const added = await server.strapi.db.query('api::stand.stand').create({ data: { name: 'Depois do backup', type: 'bronze', event: 1 } });
    expect(added.id).toBe(20);
    await server.strapi.db.query('api::event.event').update({ where: { id: 1 }, data: { name: 'Renomeado depois do backup' } });
    await close(server);

    // Into a brand-new database (its first boot is the import's), with the first admin from the env.
    const fresh = await createTestDatabase('backup_fresh');
    databases.push(fresh);
    const freshDir = tempDir('fresh');
    await strapiCli(['import', '-f', archive, '--force'], fresh, freshDir, {
      STRAPI_ADMIN_EMAIL: 'restaurado@exemplo.com.br',
      STRAPI_ADMIN_PASSWORD: 'Restaurado#2026',
    });
    // Over the database in use.
    await strapiCli(['import', '-f', archive, '--force'], inUse, inUseDir);

    for (const [database, dir] of [
      [fresh, freshDir],
      [inUse, inUseDir],
    ] as const) {
      server = await boot(database, dir);
      expect(await venueOf(server), database.env.DATABASE_URL ?? database.env.DATABASE_FILENAME).toEqual(before);
      expect(await server.strapi.db.query('api::stand.stand').count({})).toBe(19);
      // The next row takes the next id: PostgreSQL's sequence was moved past the restored ids.
      const next = await server.strapi.db.query('api::stand.stand').create({ data: { name: 'Novo', type: 'bronze', event: 1 } });
      expect(next.id).toBeGreaterThan(19);
      // Uploaded files came back with the rows that use them.
      const image = (before.stand as { image: string | null }).image;
      if (image) expect((await server.request().get(image)).status).toBe(200);
      if (database === fresh) {
        const admin = await server.strapi.db.query('admin::user').findOne({ where: { email: 'restaurado@exemplo.com.br' } });
        expect(admin).toBeTruthy();
      }
      await close(server);
    }
  }, 900_000);
});
