// `npm run dev`: Strapi in watch mode (API and /admin on :${PORT:-1337}, demo data seeded) plus
// the Vite dev server for the venue (http://localhost:5173, proxying the API to that same port,
// or VENUE_API_PORT), and the adapter recompiled on change. Ctrl-C stops all three.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildAll } from './build.mjs';
import { adapterDir, cmsDir, root, strapiBin, strapiEnv, venueDir } from './lib.mjs';

await buildAll({ only: ['adapter'] });

const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
const children = [
  spawn(process.execPath, [tsc, '-p', path.join(adapterDir, 'tsconfig.build.json'), '--watch', '--preserveWatchOutput'], {
    cwd: adapterDir,
    stdio: 'inherit',
  }),
  spawn(process.execPath, [strapiBin, 'develop'], { cwd: cmsDir, stdio: 'inherit', env: { ...process.env, ...strapiEnv() } }),
  spawn(process.execPath, [vite, '--port', process.env.VENUE_DEV_PORT ?? '5173'], { cwd: venueDir, stdio: 'inherit' }),
];

const stop = () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, stop);
for (const child of children)
  child.on('exit', (code) => {
    if (code !== 0 && code !== null) {
      console.error(`[dev] a process exited with ${code}; stopping the others`);
      stop();
      process.exitCode = code;
    }
  });
