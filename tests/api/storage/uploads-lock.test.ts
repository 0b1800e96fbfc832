import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { freePort, startInstance, stopInstance, type Instance } from '../helpers/instances';

// One uploads folder, one database (issue 47, item 12; decision 100). The README's second copy
// beside the first shared cms/public/uploads, and a stock restore on one wiped 41 of the other's
// 42 files. Now each running instance keeps `.instance-<host>-<pid>.lock` in its uploads folder
// with its database's identity: another database's instance on the same folder does not start;
// the same database's does (two instances of one deployment); a dead process's lock is ignored.
describe('an uploads folder shared by two databases', () => {
  let dir: string;
  let shared: string;
  let first: TestDatabase;
  let second: TestDatabase;
  const running: Instance[] = [];

  const locks = () => fs.readdirSync(path.join(shared, 'uploads')).filter((name) => name.startsWith('.instance-'));
  const lockOf = (instance: Instance) => `.instance-${os.hostname().replace(/[^A-Za-z0-9._-]/g, '_')}-${instance.child.pid}.lock`;
  const start = async (database: TestDatabase, env: Record<string, string> = {}) => {
    const instance = await startInstance(dir, database, await freePort(), { env: { PUBLIC_DIR: shared, ...env } });
    running.push(instance);
    return instance;
  };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plataforma-uploads-lock-'));
    shared = path.join(dir, 'public');
    first = await createTestDatabase('uploads_lock_a');
    second = await createTestDatabase('uploads_lock_b');
  });

  afterAll(async () => {
    for (const instance of running) await stopInstance(instance);
    await first?.drop();
    await second?.drop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it(
    "refuses to start on another database's folder, allows the same database's, forgets a dead process's lock",
    { timeout: 240_000 },
    async () => {
      const a = await start(first);
      expect(locks()).toEqual([lockOf(a)]);
      const lock = JSON.parse(fs.readFileSync(path.join(shared, 'uploads', lockOf(a)), 'utf8')) as { pid: number; database: string };
      expect(lock.pid).toBe(a.child.pid);
      expect(lock.database).toMatch(/^(sqlite:|postgres:\/\/)/);
      // The lock is never served.
      expect((await supertest(`http://127.0.0.1:${a.port}`).get(`/uploads/${lockOf(a)}`)).status).toBe(404);

      // Before: the second copy started and shared the files.
      await expect(start(second)).rejects.toThrow(/uploads folder .* is in use by another running instance .*PUBLIC_DIR/s);

      // The same database: another instance of one deployment (it leaves the jobs to the first).
      const c = await start(first, { JOBS_WORK: 'false' });
      expect(locks().sort()).toEqual([lockOf(a), lockOf(c)].sort());
      await stopInstance(c);
      expect(locks()).toEqual([lockOf(a)]);

      // A stopped instance takes its lock away; one that died leaves a lock no start heeds.
      await stopInstance(a);
      expect(locks()).toEqual([]);
      const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
      const deadPid = Number(dead.stdout);
      const stale = path.join(shared, 'uploads', `.instance-${os.hostname().replace(/[^A-Za-z0-9._-]/g, '_')}-${deadPid}.lock`);
      fs.writeFileSync(
        stale,
        JSON.stringify({ host: os.hostname(), pid: deadPid, database: lock.database, startedAt: new Date().toISOString() }),
      );
      const b = await start(second);
      expect(fs.existsSync(stale)).toBe(false);
      expect(locks()).toEqual([lockOf(b)]);
    },
  );
});
