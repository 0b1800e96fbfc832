// Compiles the adapter and the cms server code once before the API suites (no admin
// build is needed to boot Strapi in-process).
import { execFileSync } from 'node:child_process';
import path from 'node:path';

export default function setup(): void {
  const root = path.resolve(__dirname, '../../..');
  execFileSync(process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--only=adapter,cms'], { stdio: 'inherit', cwd: root });
}
