// `npm run strapi -- <command>` from the repository root: any stock Strapi command (export,
// import, admin:create-user, ts:generate-types, routes:list…) run in cms/ with the same
// settings `npm start` uses (cms/.env, the embedded SQLite file or DATABASE_URL, telemetry off).
import { spawn } from 'node:child_process';
import { cmsDir, strapiBin, strapiEnv, withAbsoluteFiles } from './lib.mjs';

// The command runs in cms/; a file named on the command line (`export -f backup`, `import -f
// backup.tar.gz`) is where the user typed it: `npm run` starts in the root and keeps that in INIT_CWD.
const typedIn = process.env.npm_lifecycle_event === 'strapi' && process.env.INIT_CWD ? process.env.INIT_CWD : process.cwd();
const args = withAbsoluteFiles(process.argv.slice(2), typedIn);
if (args.length === 0) args.push('--help');
const child = spawn(process.execPath, [strapiBin, ...args], { cwd: cmsDir, stdio: 'inherit', env: { ...process.env, ...strapiEnv() } });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 0)));
