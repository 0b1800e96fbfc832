// `npm test`: every suite, in order — lint and types, unit (adapter, cms, venue), API
// (Strapi in-process; PostgreSQL when DATABASE_URL is set, else SQLite), then end to end
// (Playwright in Debian's Chromium against the built app on a fresh database).
// Step names (`npm test -- api e2e`) run only those steps. Ends with the 20 slowest test files,
// the failed tests' names and one closing line "tests: N passed, N failed"; exits non-zero on any
// failure.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
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
// The names of the tests that failed, repeated at the very end: CI keeps only the tail of the log.
const failedTests = [];
const flakyTests = [];
// Each test file's time, by step, for the 20 slowest printed at the end.
const fileTimes = [];

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
    for (const suite of report.testResults ?? []) {
      const file = path.relative(root, suite.name ?? '');
      const tests = (suite.assertionResults ?? []).filter((test) => test.status === 'failed');
      for (const test of tests) failedTests.push(`${file} › ${test.fullName ?? test.title}`);
      // A file that failed to load or whose hooks failed has no failed test to name.
      if (tests.length === 0 && suite.status === 'failed') {
        failed += 1;
        failedTests.push(`${file}: ${firstLine(suite.message)}`);
      }
    }
  } catch {
    failed += 1;
  }
};

const firstLine = (text) =>
  String(text ?? '')
    .split('\n')
    .find((line) => line.trim()) ?? 'failed';

// Playwright's JSON report: suites nest (file › describe › …); a spec is ok when its last try passed.
const playwrightFailures = (suites, trail = []) => {
  for (const suite of suites ?? []) {
    const here = suite.title ? [...trail, suite.title] : trail;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const results = test.results ?? [];
        const last = results[results.length - 1];
        if (test.status === 'unexpected' || (last && !['passed', 'skipped'].includes(last.status)))
          failedTests.push(`[${test.projectName}] ${[...here, spec.title].join(' › ')}: ${firstLine(last?.error?.message)}`);
        else if (results.length > 1)
          flakyTests.push(`[${test.projectName}] ${[...here, spec.title].join(' › ')}: ${firstLine(results[0]?.error?.message)}`);
      }
    }
    playwrightFailures(suite.suites, here);
  }
};

const vitest = async (name, projects) => {
  const output = path.join(reports, `${name}.json`);
  const times = path.join(reports, `${name}-times.json`);
  const args = [
    bin('vitest', 'vitest.mjs'),
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--reporter=${path.join(root, 'scripts', 'file-times-reporter.mjs')}`,
    `--outputFile.json=${output}`,
  ];
  try {
    await run(process.execPath, args, { env: { PLATAFORMA_FILE_TIMES: times } });
  } finally {
    countVitest(output);
    try {
      for (const { file, project, seconds } of JSON.parse(fs.readFileSync(times, 'utf8')))
        fileTimes.push({ file: path.relative(root, file), step: `${name}/${project}`, seconds });
    } catch {
      // No times when vitest stopped before its end: the failure is counted above.
    }
  }
};

// Playwright's JSON report: a file's time is the sum of its tests' tries, by project.
const playwrightTimes = (suites) => {
  const byFile = new Map();
  const walk = (list, file) => {
    for (const suite of list ?? []) {
      const here = suite.file ?? file;
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests ?? []) {
          const key = `${test.projectName}\0${here}`;
          const ms = (test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0);
          byFile.set(key, (byFile.get(key) ?? 0) + ms);
        }
      }
      walk(suite.suites, here);
    }
  };
  walk(suites);
  for (const [key, ms] of byFile) {
    const [project, file] = key.split('\0');
    fileTimes.push({ file: path.join('tests/e2e', file), step: `e2e/${project}`, seconds: ms / 1000 });
  }
};

console.log(`Database for API and end-to-end suites: ${database}`);

// Lint state kept between runs (git-ignored, in node_modules/.cache). tsc's incremental state
// follows every dependency, so it is always on. ESLint's and Prettier's caches key each file on
// its own content, and a type-aware rule may change its verdict on a file whose imports changed:
// they are used under CI only (decision 056). CI lints once since decision 074, so they speed up
// only a second run on the same machine.
const lintCache = path.join(root, 'node_modules', '.cache', 'plataforma-lint');
const ciCache = process.env.CI === 'true';

await step('lint', async () => {
  await buildAll({ only: ['adapter'] });
  const eslintCache = ciCache ? ['--cache', '--cache-strategy', 'content', '--cache-location', path.join(lintCache, 'eslint/')] : [];
  await run(process.execPath, [bin('eslint', 'bin/eslint.js'), '.', '--max-warnings=0', ...eslintCache]);
  const prettierCache = ciCache ? ['--cache', '--cache-strategy', 'content', '--cache-location', path.join(lintCache, 'prettier')] : [];
  await run(process.execPath, [bin('prettier', 'bin/prettier.cjs'), '--check', '.', '--log-level=warn', ...prettierCache]);
  for (const project of ['adapter', 'cms', 'venue', 'tests']) {
    const buildInfo = path.join(lintCache, `tsc-${project}.tsbuildinfo`);
    await run(process.execPath, [bin('typescript', 'bin/tsc'), '-p', project, '--noEmit', '--incremental', '--tsBuildInfoFile', buildInfo]);
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
      const { stats, suites } = JSON.parse(fs.readFileSync(output, 'utf8'));
      passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
      failed += stats.unexpected ?? 0;
      playwrightFailures(suites);
      playwrightTimes(suites);
    } catch {
      failed += 1;
    }
  }
});

fs.rmSync(reports, { recursive: true, force: true });
if (fileTimes.length > 0) {
  console.log(`\nSlowest test files (${database}):`);
  for (const { file, step, seconds } of fileTimes.sort((a, b) => b.seconds - a.seconds).slice(0, 20))
    console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${step.padEnd(14)} ${file}`);
}
if (flakyTests.length > 0) {
  console.log(`\nPassed only on the retry (${database}):`);
  for (const name of flakyTests) console.log(`  ~ ${stripVTControlCharacters(name)}`);
}
if (failedTests.length > 0) {
  console.log(`\nFailed tests (${database}):`);
  for (const name of failedTests) console.log(`  ✗ ${stripVTControlCharacters(name)}`);
}
console.log(`\nDatabase: ${database}. Steps failed: ${failures.length ? failures.join(', ') : 'none'}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failures.length > 0 || failed > 0 ? 1 : 0);
