// `npm start`: builds whatever is missing or stale, then serves the whole product
// (venue, API, /admin, /uploads) on one origin: http://localhost:${PORT:-1337}.
import { spawn } from 'node:child_process';
import { buildAll } from './build.mjs';
import { cmsDir, strapiBin, strapiEnv } from './lib.mjs';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`Node ${process.versions.node} is too old: this project needs Node 20.19 or newer.`);
  process.exit(1);
}

try {
  await buildAll({ force: process.argv.includes('--force') });
} catch (error) {
  console.error(`[start] build failed: ${error.message}`);
  process.exit(1);
}
if (process.argv.includes('--build-only')) process.exit(0);

const child = spawn(process.execPath, [strapiBin, 'start'], { cwd: cmsDir, stdio: 'inherit', env: { ...process.env, ...strapiEnv() } });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(signal ? 0 : (code ?? 0)));
