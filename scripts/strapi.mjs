// `npm run strapi -- <command>` from the repository root: any stock Strapi command (export,
// import, admin:create-user, ts:generate-types, routes:list…) run in cms/ with the same
// settings `npm start` uses (cms/.env, the embedded SQLite file or DATABASE_URL, telemetry off).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildAll } from './build.mjs';
import { cmsDir, root, strapiBin, strapiEnv, withAbsoluteFiles } from './lib.mjs';

// The command runs in cms/; a file named on the command line (`export -f backup`, `import -f
// backup.tar.gz`) is where the user typed it: `npm run` starts in the root and keeps that in INIT_CWD.
const typedIn = process.env.npm_lifecycle_event === 'strapi' && process.env.INIT_CWD ? process.env.INIT_CWD : process.cwd();
const args = withAbsoluteFiles(process.argv.slice(2), typedIn);
if (args.length === 0) args.push('--help');
// `develop` compiles and watches by itself; every other command runs on the server code built
// here (only when its sources changed), never compiling cms/dist itself (scripts/strapi-precompiled.cjs).
const preload = [];
if (!['develop', 'dev'].includes(args[0])) {
  try {
    await buildAll({ only: ['adapter', 'cms'], log: (line) => process.stderr.write(`${line}\n`) });
  } catch (error) {
    process.stderr.write(`[build] failed: ${error.message}\n`);
    process.exit(1);
  }
  preload.push('--require', path.join(root, 'scripts', 'strapi-precompiled.cjs'));
}
const child = spawn(process.execPath, [...preload, strapiBin, ...args], {
  cwd: cmsDir,
  stdio: 'inherit',
  env: { ...process.env, ...strapiEnv() },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 0)));
