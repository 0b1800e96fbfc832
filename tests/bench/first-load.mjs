// `npm run bench:first-load` (issue 17): the entrance hall's first load on a phone's CPU, in
// Debian's Chromium. Serves the built venue (venue/dist, or VENUE_DIST) with its own SQLite demo
// through tests/e2e/serve.mjs and loads /plataforma/1/hall-entrada BENCH_FIRST_RUNS (10) times,
// each in a fresh browser context (nothing cached) at a phone's size, the CPU slowed
// BENCH_FIRST_CPU (4) times as Lighthouse's mobile preset does; the network is the machine's.
// Per load, from the page's own observers: the long tasks (over 50 ms) until the network is idle
// plus 1.5 s, their blocking time (the sum of what each lasts beyond 50 ms), the longest, the
// first contentful paint, the largest contentful paint and the scripts' bytes on the wire.
//
// BENCH_FIRST_BASELINE=<another build's dist folder> serves that build too (a second server, the
// same seeded demo) and alternates the two load by load, so both see the same machine: compare
// the two rows of one run, not figures of different runs (docs/bench.md). Prints one table and
// writes bench-results/first-load-<time>.json; exits 0 whatever the figures, 1 when something
// failed to run. Lighthouse itself is not a dependency: docs/bench.md says how to run it.
/* global window -- the functions given to page.addInitScript and page.evaluate run in the page */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { assertPortFree, cleanup, envInt, resultsDir, root, startProcess, tempDir, waitForHttp } from './lib.mjs';

const log = (message) => console.log(`[bench:first-load] ${message}`);
const config = {
  port: envInt('BENCH_FIRST_PORT', 1376),
  runs: envInt('BENCH_FIRST_RUNS', 10),
  cpu: envInt('BENCH_FIRST_CPU', 4),
  page: process.env.BENCH_FIRST_PATH || '/plataforma/1/hall-entrada',
  chromium: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
};
const builds = [{ label: 'this build', dist: path.resolve(process.env.VENUE_DIST || path.join(root, 'venue', 'dist')) }];
if (process.env.BENCH_FIRST_BASELINE) builds.push({ label: 'baseline', dist: path.resolve(process.env.BENCH_FIRST_BASELINE) });

const serve = async (build, port) => {
  if (!fs.existsSync(path.join(build.dist, 'index.html'))) throw new Error(`${build.dist} has no index.html: run \`npm run build\` first`);
  await assertPortFree(port);
  const logFile = path.join(tempDir('plataforma-first-load-'), 'server.log');
  const { child } = startProcess(`server (${build.label})`, process.execPath, [path.join(root, 'tests', 'e2e', 'serve.mjs')], {
    logFile,
    env: { ...process.env, E2E_PORT: String(port), VENUE_DIST: build.dist },
  });
  await waitForHttp(`http://127.0.0.1:${port}${config.page}`, { child, logFile, timeoutMs: 180_000 });
  return { ...build, url: `http://127.0.0.1:${port}${config.page}`, loads: [] };
};

/** One load in a fresh context: what the page's observers saw. */
const measure = async (browser, url) => {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    await page.addInitScript(() => {
      const seen = { tasks: [], lcp: 0 };
      window.__firstLoad = seen;
      new PerformanceObserver((list) => list.getEntries().forEach((entry) => seen.tasks.push(entry.duration))).observe({
        type: 'longtask',
        buffered: true,
      });
      new PerformanceObserver((list) => list.getEntries().forEach((entry) => (seen.lcp = entry.startTime))).observe({
        type: 'largest-contentful-paint',
        buffered: true,
      });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: config.cpu });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1_500);
    return await page.evaluate(() => {
      const { tasks, lcp } = window.__firstLoad;
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
      const scripts = performance
        .getEntriesByType('resource')
        .filter((entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js'))
        .reduce((sum, entry) => sum + entry.transferSize, 0);
      return {
        blocking: tasks.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0),
        longest: Math.max(0, ...tasks),
        longTasks: tasks.length,
        fcp,
        lcp,
        scriptBytes: scripts,
      };
    });
  } finally {
    await context.close();
  }
};

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const ms = (value) => `${Math.round(value).toLocaleString('en-US')} ms`;

const main = async () => {
  if (!fs.existsSync(config.chromium)) throw new Error(`${config.chromium} is missing (apt-get install -y chromium)`);
  const served = [];
  for (const [index, build] of builds.entries()) served.push(await serve(build, config.port + index));
  const browser = await chromium.launch({
    executablePath: config.chromium,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    // One load each first, not counted: the servers' first answers warm their caches.
    for (const build of served) await measure(browser, build.url);
    for (let run = 0; run < config.runs; run++)
      for (const build of served) {
        build.loads.push(await measure(browser, build.url));
        log(`${build.label} ${run + 1}/${config.runs}: blocking ${ms(build.loads.at(-1).blocking)}`);
      }
  } finally {
    await browser.close();
  }
  const rows = served.map((build) => ({
    build: build.label,
    dist: build.dist,
    runs: build.loads.length,
    blocking: median(build.loads.map((load) => load.blocking)),
    blockingMin: Math.min(...build.loads.map((load) => load.blocking)),
    blockingMax: Math.max(...build.loads.map((load) => load.blocking)),
    longest: median(build.loads.map((load) => load.longest)),
    longTasks: median(build.loads.map((load) => load.longTasks)),
    fcp: median(build.loads.map((load) => load.fcp)),
    lcp: median(build.loads.map((load) => load.lcp)),
    scriptKb: median(build.loads.map((load) => load.scriptBytes)) / 1024,
    loads: build.loads,
  }));
  console.log(`\n${config.page}, CPU ${config.cpu}× slower, ${config.runs} loads each (medians)\n`);
  console.log('| build | blocking time (min–max) | longest task | long tasks | FCP | LCP | scripts on the wire |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const row of rows)
    console.log(
      `| ${row.build} | ${ms(row.blocking)} (${ms(row.blockingMin)}–${ms(row.blockingMax)}) | ${ms(row.longest)} | ${row.longTasks} | ` +
        `${ms(row.fcp)} | ${ms(row.lcp)} | ${row.scriptKb.toFixed(1)} KB |`,
    );
  const out = resultsDir;
  fs.mkdirSync(out, { recursive: true });
  const file = path.join(out, `first-load-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify({ config, rows }, null, 2));
  log(`written ${path.relative(root, file)}`);
};

main()
  .then(() => cleanup())
  .catch(async (error) => {
    console.error(`[bench:first-load] failed: ${error.stack ?? error}`);
    await cleanup();
    process.exit(1);
  });
