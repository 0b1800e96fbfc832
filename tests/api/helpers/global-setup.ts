// Compiles the adapter and the cms server code once before the API suites (no admin
// build is needed to boot Strapi in-process), and keeps the run's template databases
// (helpers/strapi.ts, decision 056): made by the first suite that needs one, dropped at the end.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dropTestDatabase, type DatabaseSource } from './database';

export default function setup(): () => Promise<void> {
  const root = path.resolve(__dirname, '../../..');
  execFileSync(process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--only=adapter,cms'], { stdio: 'inherit', cwd: root });
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plataforma-templates-'));
  // The suites' processes are started after this, with this environment.
  process.env.PLATAFORMA_TEST_TEMPLATES = runDir;
  return async () => {
    const list = path.join(runDir, 'databases.jsonl');
    const sources = fs.existsSync(list)
      ? fs
          .readFileSync(list, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as DatabaseSource)
      : [];
    for (const source of sources) await dropTestDatabase(source).catch(() => undefined);
    fs.rmSync(runDir, { recursive: true, force: true });
  };
}
