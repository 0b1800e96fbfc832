// Builds what is missing or stale: adapter, cms server code, Strapi admin, venue.
// Each part is rebuilt only when the content hash of its inputs changed since its last
// successful build (stamps in .build-stamps/, git-ignored), so a second start is instant.
import fs from 'node:fs';
import path from 'node:path';
import { adapterDir, cmsDir, hashInputs, readStamp, root, run, strapiBin, strapiEnv, venueDir, writeStamp } from './lib.mjs';

const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');

const parts = [
  {
    name: 'adapter',
    inputs: [
      'adapter/src',
      'adapter/package.json',
      'adapter/tsconfig.json',
      'adapter/tsconfig.build.json',
      'adapter/build.mjs',
      'tsconfig.json',
    ],
    output: path.join(adapterDir, 'dist', 'cjs', 'index.js'),
    build: () => run(process.execPath, [path.join(adapterDir, 'build.mjs')]),
  },
  {
    // The stock admin panel (cms/dist/build). `strapi build` also compiles the server code.
    name: 'admin',
    inputs: ['cms/src/admin', 'cms/package.json', 'cms/config/admin.ts', 'package-lock.json'],
    output: path.join(cmsDir, 'dist', 'build', 'index.html'),
    build: () =>
      run(process.execPath, [strapiBin, 'build', '--silent'], {
        cwd: cmsDir,
        env: { ...strapiEnv(), NODE_ENV: 'production', PLATAFORMA_BUILDING: 'true' },
      }),
  },
  {
    name: 'cms',
    inputs: ['cms/src', 'cms/config', 'cms/tsconfig.json', 'cms/package.json', 'adapter/src', 'tsconfig.json'],
    output: path.join(cmsDir, 'dist', 'src', 'index.js'),
    build: () => {
      // A clean compile: a source file deleted (e.g. a route) must not live on in dist/, and the
      // incremental state must be this project's own (the base tsconfig kept it in node_modules).
      for (const stale of ['src', 'config', '.tsbuildinfo']) fs.rmSync(path.join(cmsDir, 'dist', stale), { recursive: true, force: true });
      return run(process.execPath, [tsc, '-p', path.join(cmsDir, 'tsconfig.json')]);
    },
  },
  {
    name: 'venue',
    inputs: [
      'venue/src',
      'venue/public',
      'venue/index.html',
      'venue/vite.config.ts',
      'venue/package.json',
      'venue/tsconfig.json',
      'adapter/src',
    ],
    output: path.join(venueDir, 'dist', 'index.html'),
    build: () => run(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: venueDir }),
  },
];

/** Builds the stale parts; `force` rebuilds everything; `log` takes the progress lines. Returns the names of the parts built. */
export const buildAll = async ({ force = false, only, log = console.log } = {}) => {
  const built = [];
  for (const part of parts) {
    if (only && !only.includes(part.name)) continue;
    const hash = hashInputs(part.inputs);
    const fresh = !force && readStamp(part.name) === hash && fs.existsSync(part.output);
    if (fresh) continue;
    const started = Date.now();
    log(`[build] ${part.name}: building…`);
    await part.build();
    writeStamp(part.name, hash);
    built.push(part.name);
    log(`[build] ${part.name}: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  if (built.length === 0) log('[build] everything is up to date');
  return built;
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const force = process.argv.includes('--force');
  const onlyArg = process.argv.find((arg) => arg.startsWith('--only='));
  buildAll({ force, only: onlyArg ? onlyArg.slice(7).split(',') : undefined }).catch((error) => {
    console.error(`[build] failed: ${error.message}`);
    process.exit(1);
  });
}
