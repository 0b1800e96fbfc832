// `npm test`: every suite, in order — lint and types, unit (adapter, cms, venue), API
// (Strapi in-process; PostgreSQL when DATABASE_URL is set, else SQLite), then end to end
// (Playwright in Debian's Chromium against the built app on a fresh database).
// Prints one closing line "tests: N passed, N failed" and exits non-zero on any failure.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildAll } from './build.mjs';
import { root, run } from './lib.mjs';

const bin = (pkg, file) => path.join(root, 'node_modules', pkg, file);
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'plataforma-test-'));
const only = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const wants = (step) => only.length === 0 || only.includes(step);
const database = process.env.DATABASE_URL ? `PostgreSQL (${new URL(process.env.DATABASE_URL).host})` : 'SQLite';

let passed = 0;
let failed = 0;
const failures = [];

const step = async (name, fn) => {
  if (!wants(name)) return;
  const started = Date.now();
  console.log(`\n=== ${name} ===`);
  try {
    await fn();
    console.log(`=== ${name}: ok (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } catch (error) {
    failures.push(name);
    console.error(`=== ${name}: FAILED — ${error.message}`);
  }
};

const countVitest = (file) => {
  try {
    const report = JSON.parse(fs.readFileSync(file, 'utf8'));
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
  } catch {
    failed += 1;
  }
};

const vitest = async (name, projects) => {
  const output = path.join(reports, `${name}.json`);
  const args = [
    bin('vitest', 'vitest.mjs'),
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${output}`,
  ];
  try {
    await run(process.execPath, args);
  } finally {
    countVitest(output);
  }
};

console.log(`Database for API and end-to-end suites: ${database}`);

await step('lint', async () => {
  await buildAll({ only: ['adapter'] });
  await run(process.execPath, [bin('eslint', 'bin/eslint.js'), '.', '--max-warnings=0']);
  await run(process.execPath, [bin('prettier', 'bin/prettier.cjs'), '--check', '.', '--log-level=warn']);
  for (const project of ['adapter', 'cms', 'venue', 'tests']) {
    await run(process.execPath, [bin('typescript', 'bin/tsc'), '-p', project, '--noEmit']);
  }
});

await step('unit', () => vitest('unit', ['unit', 'venue']));

await step('api', () => vitest('api', ['api']));

await step('e2e', async () => {
  // One clear message instead of one "executable doesn't exist" per browser test.
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(chromium)) {
    failed += 1;
    throw new Error(
      `no Chromium at ${chromium}: install Debian's package (apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium binary.`,
    );
  }
  await buildAll();
  const output = path.join(reports, 'e2e.json');
  try {
    await run(process.execPath, [bin('@playwright/test', 'cli.js'), 'test', '-c', 'tests/e2e/playwright.config.ts'], {
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: output },
    });
  } finally {
    try {
      const { stats } = JSON.parse(fs.readFileSync(output, 'utf8'));
      passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
      failed += stats.unexpected ?? 0;
    } catch {
      failed += 1;
    }
  }
});

fs.rmSync(reports, { recursive: true, force: true });
console.log(`\nDatabase: ${database}. Steps failed: ${failures.length ? failures.join(', ') : 'none'}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failures.length > 0 || failed > 0 ? 1 : 0);
