// Shared helpers of the repository scripts: paths, hashing of build inputs, child processes.
import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const cmsDir = path.join(root, 'cms');
export const venueDir = path.join(root, 'venue');
export const adapterDir = path.join(root, 'adapter');
export const strapiBin = path.join(root, 'node_modules', '@strapi', 'strapi', 'bin', 'strapi.js');

const SKIP = new Set(['node_modules', 'dist', 'build', '.tmp', '.cache', '.strapi', 'coverage']);

const walk = (target, out) => {
  let stat;
  try {
    stat = fs.statSync(target);
  } catch {
    return;
  }
  if (stat.isDirectory()) {
    for (const name of fs.readdirSync(target).sort()) if (!SKIP.has(name)) walk(path.join(target, name), out);
  } else if (stat.isFile()) out.push(target);
};

/** A content hash of every file under the given paths (relative to the repo root). */
export const hashInputs = (inputs) => {
  const hash = createHash('sha256');
  const files = [];
  for (const input of inputs) walk(path.join(root, input), files);
  for (const file of files) {
    if (file.endsWith('.test.ts') || file.endsWith('.test.tsx')) continue;
    hash.update(path.relative(root, file));
    hash.update('\0');
    hash.update(fs.readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
};

const stampDir = path.join(root, '.build-stamps');

export const readStamp = (name) => {
  try {
    return fs.readFileSync(path.join(stampDir, name), 'utf8').trim();
  } catch {
    return null;
  }
};

export const writeStamp = (name, value) => {
  fs.mkdirSync(stampDir, { recursive: true });
  fs.writeFileSync(path.join(stampDir, name), `${value}\n`);
};

/** Runs a command, inheriting stdio; rejects on a non-zero exit. */
export const run = (command, args, options = {}) =>
  new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', cwd: root, ...options, env: { ...process.env, ...options.env } });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${signal ?? code}`)),
    );
  });

/** Environment every Strapi process of this repository gets. */
export const strapiEnv = () => ({
  STRAPI_TELEMETRY_DISABLED: 'true',
  STRAPI_HIDE_STARTUP_MESSAGE: 'true',
  BROWSER: 'none',
});

/**
 * The arguments of a stock command, with the archive named by `export`/`import` (`-f`, `--file`)
 * made absolute from `base`, where the user typed it (the command itself runs in cms/).
 */
export const withAbsoluteFiles = (args, base) => {
  if (!['export', 'import'].includes(args[0])) return args;
  return args.map((arg, i) => {
    const previous = args[i - 1];
    if ((previous === '-f' || previous === '--file') && !arg.startsWith('-')) return path.resolve(base, arg);
    if (arg.startsWith('--file=')) return `--file=${path.resolve(base, arg.slice('--file='.length))}`;
    return arg;
  });
};
