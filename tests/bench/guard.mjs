// `npm run bench:guard [-- --base REV] [--samples N] [--record] [-- part…]`: the headline benches
// rerun paired against a baseline (issue 57, decision 095). The baseline commit (A) is checked out
// in a temporary git worktree beside this checkout (in the system's temp directory); its packages
// are this checkout's hard-linked (`cp -al`) when its package-lock.json is the same, `npm ci`
// otherwise; both trees are built once. Then each part runs the short form of its bench on A and
// on this checkout (B) in turn, A B B A A B…, so a drift of the machine falls on both and neither
// side always runs second. The bench
// scripts are this checkout's, pointed at a tree with BENCH_ROOT; their figures are read from the
// JSON each writes (BENCH_RESULTS_DIR).
//
// Noise rule: a figure is a REGRESSION only when B's median is worse than A's by more than
// max(15 %, 2 × A's own spread) and by more than the unit's floor (FLOORS: 25 MB, 0.5 s, 1 ms),
// and every B sample is worse than every A sample.
//
// Parts: venue, lists, chat, import, dashboards (with heartbeats), first-load. Default: all.
// --base REV   the baseline (default: the newest commit of docs/bench.md's headline table);
//              `npm run bench:guard --base REV` works too (npm hands it over as npm_config_base)
// --samples N  runs of each side (default 2; with 1 the figures are shown but not judged)
// --record     rewrites the headline table at the top of docs/bench.md with B's figures (the rows of
//              parts not run are kept; each measured row's note names the load average, start–end)
// --keep       leaves the baseline worktree in place (its path is printed)
// BENCH_SKIP_BUILD=1: neither tree is built (both must be already). A part's settings (BENCH_IMPORT_ROWS,
// BENCH_DATABASES, …) set in the environment replace its short form's.
// Exit 0 whatever the figures; 1 when something failed to run.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const checkout = path.resolve(benchDir, '..', '..');
const benchFile = path.join(checkout, 'docs', 'bench.md');
const log = (message) => console.log(`[bench:guard] ${message}`);
const git = (args, cwd = checkout) => execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

// ---------------------------------------------------------------- the parts

/** A figure of one run: its value, which way is better, its unit, and a breakdown to print. */
const figure = (value, { better = 'lower', unit = 'ms', detail } = {}) => ({ value, better, unit, detail });
const round = (value, digits = 0) => (value === null || value === undefined ? '—' : Number(value).toFixed(digits));
const kinds = (byKind, digits = 0) =>
  Object.entries(byKind ?? {})
    .sort((a, b) => (b[1] ?? 0) - (a[1] ?? 0))
    .slice(0, 4)
    .map(([kind, value]) => `${kind} ${round(value, digits)}`)
    .join(', ');

const PARTS = {
  venue: {
    script: 'venue.mjs',
    command: 'npm run bench:venue',
    paths: ['cms', 'adapter'],
    env: {
      BENCH_VENUE_LEVELS: '250,1000',
      BENCH_VENUE_TARGETS: 'product',
      BENCH_VENUE_RAMP: '10',
      BENCH_VENUE_WINDOW: '15',
      BENCH_VENUE_CLIENTS: '2000',
    },
    goal: (name) => (name.endsWith('p99') ? '≤ 200 ms, 0 errors (the walk)' : '—'),
    figures: (report) => {
      const out = {};
      const product = report.targets.find((t) => t.target === 'product');
      for (const level of product?.levels ?? []) {
        out[`venue ${level.visitors} visitors p50`] = figure(level.p50, { detail: `p50 by kind: ${kinds(level.p50ByKind, 1)}` });
        out[`venue ${level.visitors} visitors p99`] = figure(level.p99, {
          detail: `p99 by kind: ${kinds(level.p99ByKind)}; ${level.errors} errors`,
        });
      }
      return out;
    },
  },
  lists: {
    script: 'run.mjs',
    command: 'npm run bench',
    paths: ['cms', 'adapter'],
    env: {
      BENCH_QUERIES: 'page1,search',
      BENCH_TARGETS: 'product',
      BENCH_DURATION: '4',
      BENCH_WARMUP: '1',
      BENCH_UPLOAD_MEMORY: '0',
    },
    goal: (name) => (name.endsWith('p95') ? '≤ 50 ms' : '—'),
    figures: (report) => {
      const out = {};
      for (const db of report.databases ?? []) {
        if (db.status !== 'ok') continue;
        for (const row of db.queries) {
          const product = row.targets.product;
          if (!product) continue;
          out[`lists ${db.database} ${row.query} p95`] = figure(product.p95, { detail: `p50 ${round(product.p50, 1)} ms` });
          out[`lists ${db.database} ${row.query} req/s`] = figure(product.rps, { better: 'higher', unit: 'req/s' });
        }
      }
      return out;
    },
  },
  chat: {
    script: 'chat.mjs',
    command: 'npm run bench:chat',
    paths: ['cms', 'adapter'],
    env: { BENCH_CHAT_SCENARIOS: 'postgres', BENCH_CHAT_RATE: '1000', BENCH_CHAT_SECONDS: '20', BENCH_CHAT_WARMUP: '3' },
    goal: (name) => (name.endsWith('p99') ? '≤ 50 ms' : name.endsWith('lost') ? '0' : '—'),
    figures: (report) => {
      const out = {};
      for (const r of report.results) {
        if (r.error) throw new Error(`chat ${r.scenario}: ${r.error}`);
        const server = r.servers?.[0];
        const detail = server
          ? `server CPU ${server.cpuPercent} %, loop p99 ${round(server.loopP99, 1)} ms, GC ${server.gcMs} ms; ${r.lost} lost`
          : `${r.lost} lost`;
        out[`chat ${r.scenario} p50`] = figure(r.p50);
        out[`chat ${r.scenario} p99`] = figure(r.p99, { detail });
        out[`chat ${r.scenario} lost`] = figure(r.lost, { unit: 'messages' });
      }
      return out;
    },
  },
  import: {
    script: 'import.mjs',
    command: 'npm run bench:import',
    paths: ['cms', 'adapter'],
    env: { BENCH_IMPORT_ROWS: '20000', BENCH_IMPORT_STEPS: '' },
    goal: (name) => {
      const rows = Number(/(\d[\d,]*) rows/.exec(name)?.[1].replace(/,/g, '') ?? 0);
      // The goals are for 100,000 rows (15 s, 150 MB); a shorter form's time goal scales with its rows.
      if (name.endsWith(' s')) return rows === 100_000 ? '≤ 15 s' : `≤ ${((15 * rows) / 100_000).toFixed(0)} s (15 s for 100,000)`;
      return rows === 100_000 ? '≤ 150 MB' : '≤ 150 MB for 100,000';
    },
    figures: (report) => {
      const out = {};
      for (const r of report.results) {
        const byKind = Object.fromEntries(Object.entries(r.import.byKind ?? {}).map(([kind, mb]) => [kind.replace(/^Rss/, ''), mb]));
        const rows = `${report.config.rows.toLocaleString('en-US')} rows`;
        out[`import ${r.database} ${rows} s`] = figure(r.import.seconds, { unit: 's' });
        out[`import ${r.database} ${rows} RSS`] = figure(r.import.growthMb, {
          unit: 'MB',
          detail: `peak growth by kind: ${kinds(byKind)} MB`,
        });
      }
      return out;
    },
  },
  dashboards: {
    script: 'dashboards.mjs',
    command: 'npm run bench:dashboards',
    paths: ['cms', 'adapter'],
    env: {
      BENCH_DASH_VIEWS: '200000',
      BENCH_DASH_CLIENTS: '5000',
      BENCH_DASH_MINUTES: '25000',
      BENCH_DASH_REQUESTS: '15',
      BENCH_HB_SECONDS: '8',
    },
    goal: (name) => (name.includes('report p95') ? '≤ 100 ms' : name.startsWith('heartbeats') && name.endsWith('p99') ? '≤ 50 ms' : '—'),
    figures: (report) => {
      const out = {};
      for (const r of report.results) {
        out[`dashboards ${r.kind} event p95`] = figure(r.event.p95, { detail: `p50 ${round(r.event.p50)} ms` });
        out[`dashboards ${r.kind} report p95`] = figure(r.report.p95, { detail: `p50 ${round(r.report.p50)} ms` });
        out[`dashboards ${r.kind} general p95`] = figure(r.general.p95, { detail: `p50 ${round(r.general.p50)} ms` });
        const h = r.heartbeats;
        out[`heartbeats ${r.kind} p99`] = figure(h.beats.p99, {
          detail: `p50 ${round(h.beats.p50, 1)} ms; venue read during p99 ${round(h.during.p99)} ms (alone ${round(h.alone.p99)} ms)`,
        });
        out[`heartbeats ${r.kind} accepted/s`] = figure(h.acceptedPerSecond, { better: 'higher', unit: '/s' });
      }
      return out;
    },
  },
  'first-load': {
    script: 'first-load.mjs',
    command: 'npm run bench:first-load',
    paths: ['venue', 'adapter'],
    env: { BENCH_FIRST_RUNS: '3' },
    goal: () => '—',
    figures: (report) => {
      const row = report.rows[0];
      return {
        'first load blocking time': figure(row.blocking, {
          detail: `longest task ${round(row.longest)} ms, ${row.longTasks} long tasks, LCP ${round(row.lcp)} ms`,
        }),
        'first load scripts': figure(row.scriptKb, { unit: 'KB' }),
      };
    },
  },
};

/** A part's short form; a variable already set in the environment wins (BENCH_IMPORT_ROWS=100000 for the full import). */
const partEnv = (spec) => Object.fromEntries(Object.entries(spec.env).map(([key, value]) => [key, process.env[key] ?? value]));

// ---------------------------------------------------------------- arguments

const parseArgs = (argv) => {
  const options = { base: process.env.npm_config_base || null, samples: 2, record: Boolean(process.env.npm_config_record), keep: false };
  const parts = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--') continue;
    if (arg === '--base') options.base = argv[++i];
    else if (arg.startsWith('--base=')) options.base = arg.slice(7);
    else if (arg === '--samples') options.samples = Number(argv[++i]);
    else if (arg === '--record') options.record = true;
    else if (arg === '--keep') options.keep = true;
    else if (arg.startsWith('-')) throw new Error(`unknown option ${arg}`);
    else parts.push(arg);
  }
  for (const part of parts) if (!PARTS[part]) throw new Error(`unknown part "${part}" (parts: ${Object.keys(PARTS).join(', ')})`);
  if (!Number.isInteger(options.samples) || options.samples < 1) throw new Error('--samples: a positive integer');
  return { ...options, parts: parts.length ? parts : Object.keys(PARTS) };
};

// ---------------------------------------------------------------- the headline table

const START = '<!-- headline:start (npm run bench:guard -- --record rewrites this table) -->';
const END = '<!-- headline:end -->';

/** The rows of the headline table: figure → its cells. */
const readHeadline = () => {
  const text = fs.readFileSync(benchFile, 'utf8');
  const from = text.indexOf(START);
  const to = text.indexOf(END);
  const rows = new Map();
  if (from < 0 || to < 0) return rows;
  for (const line of text.slice(from, to).split('\n')) {
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    if (cells.length < 8 || cells[0] === 'figure' || /^-+$/.test(cells[0])) continue;
    const [name, goal, value, commit, date, machine, command, note] = cells;
    rows.set(name, { name, goal, value, commit, date, machine, command, note });
  }
  return rows;
};

/** The newest commit named in the headline table (by commit date), or null. */
const recordedBase = () => {
  const commits = [...new Set([...readHeadline().values()].map((row) => row.commit.replace(/`/g, '')))].filter(Boolean);
  let best = null;
  for (const commit of commits) {
    try {
      const time = Number(git(['log', '-1', '--format=%ct', commit]));
      if (!best || time > best.time) best = { commit, time };
    } catch {
      // a commit no longer in this clone is skipped
    }
  }
  return best?.commit ?? null;
};

const machine = () => `${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores`;

/** The load average named in a note ("load average 3.7–5.1"), kept when the note is rewritten. */
const LOAD = /load average [\d.]+(?:–[\d.]+)?/;

/** `load`: the 1-minute load average at the run's start and end, written in each measured row's note. */
const writeHeadline = (results, commit, load) => {
  const rows = readHeadline();
  const date = new Date().toISOString().slice(0, 10);
  // The bench settings given in the environment (BENCH_IMPORT_ROWS=100000 …) belong to the command.
  const set = Object.entries(process.env)
    .filter(([key]) => key.startsWith('BENCH_') && !['BENCH_ROOT', 'BENCH_RESULTS_DIR', 'BENCH_SKIP_BUILD'].includes(key))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => `${key}=${value} `)
    .join('');
  for (const { part, name, b } of results) {
    if (b.median === null) continue;
    const spec = PARTS[part];
    const goal = spec.goal(name);
    rows.set(name, {
      name,
      goal,
      value: `${round(b.median, b.unit === 'ms' || b.unit === 'MB' ? 0 : 1)} ${b.unit}`,
      commit: `\`${commit}\``,
      date,
      machine: machine(),
      command: `\`${spec.command}\` (${set ? '' : "guard's short form: "}\`${set}npm run bench:guard -- ${part}\`)`,
      note: `load average ${load}`,
    });
  }
  // A figure older than the code it measures says so.
  for (const row of rows.values()) {
    const part =
      Object.keys(PARTS).find((key) => row.name.startsWith(key === 'first-load' ? 'first load' : key)) ??
      (row.name.startsWith('heartbeats') ? 'dashboards' : undefined);
    const commit = row.commit.replace(/`/g, '');
    let changed = '';
    try {
      if (part) changed = git(['log', '--format=%h', `${commit}..HEAD`, '--', ...PARTS[part].paths]).split('\n')[0] ?? '';
    } catch {
      changed = '';
    }
    const measured = LOAD.exec(row.note)?.[0];
    row.note = [
      changed ? `older than the code: ${changed} and later changed ${PARTS[part].paths.join(', ')}` : 'current',
      ...(measured ? [`measured at ${measured}`] : []),
    ].join('; ');
  }
  const table = [
    START,
    '| figure | goal | value | commit | date | machine | command | note |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...[...rows.values()].map((r) => `| ${[r.name, r.goal, r.value, r.commit, r.date, r.machine, r.command, r.note].join(' | ')} |`),
    END,
  ].join('\n');
  const text = fs.readFileSync(benchFile, 'utf8');
  const from = text.indexOf(START);
  const to = text.indexOf(END);
  const next = from >= 0 && to >= 0 ? `${text.slice(0, from)}${table}${text.slice(to + END.length)}` : `${table}\n\n${text}`;
  fs.writeFileSync(benchFile, next);
  log(`headline table in ${path.relative(checkout, benchFile)} rewritten (${rows.size} figures)`);
};

// ---------------------------------------------------------------- the trees

const runCommand = (command, args, { cwd, logFile, env = {} }) =>
  new Promise((resolve, reject) => {
    const out = fs.openSync(logFile, 'a');
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', out, out] });
    fs.closeSync(out);
    const stop = () => child.kill('SIGINT');
    process.once('SIGINT', stop);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      process.removeListener('SIGINT', stop);
      if (code === 0) resolve();
      else {
        const tail = fs.readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');
        reject(new Error(`${path.basename(args[0] ?? command)} exited with ${signal ?? code} (log: ${logFile})\n${tail}`));
      }
    });
  });

const WORKSPACES = ['.', 'adapter', 'cms', 'venue'];

/** The baseline's tree: a detached worktree of `commit` with packages. Answers its path and an undo. */
const prepareBaseline = async (commit, work) => {
  const dir = path.join(os.tmpdir(), `bench-guard-${commit.slice(0, 12)}-${process.pid}`);
  git(['worktree', 'add', '--detach', dir, commit]);
  const undo = () => {
    try {
      git(['worktree', 'remove', '--force', dir]);
    } catch (error) {
      console.error(`[bench:guard] could not remove the worktree ${dir}: ${error.message}`);
    }
  };
  try {
    await installPackages(dir, commit, work);
  } catch (error) {
    // An npm ci that failed or was interrupted must not leave the worktree behind.
    undo();
    throw error;
  }
  return { dir, undo };
};

/** The baseline's packages: the checkout's hard-linked when the lock file is the same, `npm ci` otherwise. */
const installPackages = async (dir, commit, work) => {
  const lock = (tree) => fs.readFileSync(path.join(tree, 'package-lock.json'), 'utf8');
  if (lock(dir) === lock(checkout)) {
    for (const workspace of WORKSPACES) {
      const from = path.join(checkout, workspace, 'node_modules');
      if (!fs.existsSync(from)) continue;
      execFileSync('cp', ['-al', from, path.join(dir, workspace, 'node_modules')]);
    }
    log(`baseline ${commit.slice(0, 9)}: same package-lock.json, packages hard-linked from the checkout`);
  } else {
    log(`baseline ${commit.slice(0, 9)}: another package-lock.json, npm ci (a few minutes)`);
    await runCommand('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, logFile: path.join(work, 'npm-ci.log') });
  }
};

const build = async (tree, parts, logFile) => {
  const only = new Set(['adapter', 'cms']);
  if (parts.includes('first-load')) only.add('venue');
  await runCommand(process.execPath, [path.join(tree, 'scripts', 'build.mjs'), `--only=${[...only].join(',')}`], { cwd: tree, logFile });
};

// ---------------------------------------------------------------- the comparison

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  if (!sorted.length) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * The smallest change that can count, by unit: below it a figure's jitter on this machine (the
 * resident memory of a 20,000-row import moves 10–20 MB between runs of the same code with the
 * collector's timing; an A/A run flagged 11 → 26 MB without this floor).
 */
export const FLOORS = { MB: 25, s: 0.5, ms: 1, KB: 1, messages: 1 };

/**
 * The order of the runs: A B, then B A, then A B… Each side goes first in as many rounds as the
 * other (within one), so neither always follows the other's aftermath (a B that always ran after
 * an A was marked slower than the same code on a loaded machine: decision 106).
 */
export const runOrder = (samples) =>
  Array.from({ length: samples }, (_, round) => (round % 2 === 0 ? ['A', 'B'] : ['B', 'A'])).flatMap((pair, round) =>
    pair.map((side) => ({ side, run: round })),
  );

/** The verdict of one figure from its A and B samples. */
export const judge = (aValues, bValues, better, unit) => {
  const a = aValues.filter((v) => typeof v === 'number' && Number.isFinite(v));
  const b = bValues.filter((v) => typeof v === 'number' && Number.isFinite(v));
  const medA = median(a);
  const medB = median(b);
  const spreadA = a.length ? Math.max(...a) - Math.min(...a) : null;
  const spreadB = b.length ? Math.max(...b) - Math.min(...b) : null;
  if (medA === null || medB === null) return { medA, medB, spreadA, spreadB, ratio: null, band: null, verdict: 'n/a' };
  const ratio = medA === 0 ? (medB === 0 ? 1 : Infinity) : medB / medA;
  // One run a side has no spread to judge by (an A/A chat run with --samples 1 on a loaded
  // machine: p99 42 vs 414 ms): the figures are shown, not judged.
  if (a.length < 2 || b.length < 2) return { medA, medB, spreadA, spreadB, ratio, band: null, verdict: 'n/a (one run)' };
  // Worse, as a fraction of A's median; the band: 15 %, or twice A's own spread when wider.
  const worse = better === 'lower' ? medB - medA : medA - medB;
  const scale = Math.abs(medA) || 1;
  const band = Math.max(0.15, (2 * spreadA) / scale);
  const separated = better === 'lower' ? Math.min(...b) > Math.max(...a) : Math.max(...b) < Math.min(...a);
  const verdict = worse / scale > band && worse > (FLOORS[unit] ?? 0) && separated ? 'REGRESSION' : 'ok';
  return { medA, medB, spreadA, spreadB, ratio, band, verdict };
};

// ---------------------------------------------------------------- main

const main = async () => {
  const options = parseArgs(process.argv.slice(2));
  const base = options.base ?? recordedBase();
  if (!base) throw new Error('no baseline: docs/bench.md has no headline table with a commit yet; give one with --base REV');
  const baseCommit = git(['rev-parse', '--verify', `${base}^{commit}`]);
  const head = git(['rev-parse', 'HEAD']);
  const dirty = git(['status', '--porcelain', '--untracked-files=no']) !== '';
  const bLabel = `${head.slice(0, 7)}${dirty ? '+changes' : ''}`;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-guard-run-'));
  const started = Date.now();
  const loadStart = os.loadavg()[0];
  log(
    `A = ${baseCommit.slice(0, 7)} (${base}), B = this checkout ${bLabel}; parts: ${options.parts.join(', ')}; ${options.samples} runs each, A B B A…`,
  );
  log(`machine: ${machine()}, load average ${os.loadavg()[0].toFixed(2)} at the start; logs in ${work}`);

  const baseline = await prepareBaseline(baseCommit, work);
  let interrupted = false;
  const onSigint = () => {
    interrupted = true;
  };
  process.on('SIGINT', onSigint);
  try {
    const sides = [
      { name: 'A', label: baseCommit.slice(0, 7), dir: baseline.dir },
      { name: 'B', label: bLabel, dir: checkout },
    ];
    if (process.env.BENCH_SKIP_BUILD === '1') log('build skipped (BENCH_SKIP_BUILD=1)');
    else
      for (const side of sides) {
        const t = Date.now();
        await build(side.dir, options.parts, path.join(work, `build-${side.name}.log`));
        log(`${side.name} built in ${((Date.now() - t) / 1000).toFixed(0)} s`);
      }

    const results = [];
    for (const part of options.parts) {
      const spec = PARTS[part];
      const samples = { A: [], B: [] };
      for (const { side: name, run } of runOrder(options.samples)) {
        const side = sides.find((one) => one.name === name);
        if (interrupted) throw new Error('interrupted');
        const dir = path.join(work, `${part}-${side.name}-${run + 1}`);
        fs.mkdirSync(dir, { recursive: true });
        const t = Date.now();
        await runCommand(process.execPath, [path.join(benchDir, spec.script)], {
          cwd: checkout,
          logFile: path.join(dir, 'bench.log'),
          env: { ...partEnv(spec), BENCH_ROOT: side.dir, BENCH_RESULTS_DIR: dir, BENCH_SKIP_BUILD: '1' },
        });
        const file = fs.readdirSync(dir).find((name) => name.endsWith('.json'));
        if (!file) throw new Error(`${part} on ${side.name} wrote no JSON (log: ${path.join(dir, 'bench.log')})`);
        const figures = spec.figures(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')));
        samples[side.name].push(figures);
        const brief = Object.entries(figures)
          .map(([name, f]) => `${name} ${round(f.value, 1)}`)
          .join(', ');
        log(`${part} ${side.name} ${run + 1}/${options.samples} in ${((Date.now() - t) / 1000).toFixed(0)} s: ${brief}`);
      }
      const names = [...new Set([...samples.A, ...samples.B].flatMap((figures) => Object.keys(figures)))];
      for (const name of names) {
        const pick = (side) => samples[side].map((figures) => figures[name]?.value ?? null);
        const any = [...samples.A, ...samples.B].map((figures) => figures[name]).find(Boolean);
        const verdict = judge(pick('A'), pick('B'), any.better, any.unit);
        const detail = (side) => samples[side].map((figures) => figures[name]?.detail).filter(Boolean);
        results.push({
          part,
          name,
          a: { median: verdict.medA, spread: verdict.spreadA, samples: pick('A'), unit: any.unit },
          b: { median: verdict.medB, spread: verdict.spreadB, samples: pick('B'), unit: any.unit },
          better: any.better,
          ratio: verdict.ratio,
          band: verdict.band,
          verdict: verdict.verdict,
          detailA: detail('A'),
          detailB: detail('B'),
        });
      }
    }

    const minutes = (Date.now() - started) / 60_000;
    console.log(
      `\nA = ${baseCommit.slice(0, 7)}, B = ${bLabel}; ${options.samples} runs each (A B B A…); ${machine()}, load average ${os.loadavg()[0].toFixed(2)} at the end; ${minutes.toFixed(1)} min`,
    );
    console.log(
      'Noise rule: REGRESSION when B is worse than A by more than max(15 %, 2 × A spread) and than the unit floor (25 MB, 0.5 s, 1 ms), and every B run is worse than every A run.\n',
    );
    console.log('| figure | A median (spread) | B median (spread) | B/A | band | verdict |');
    console.log('|---|---:|---:|---:|---:|---|');
    const digits = (unit) => (unit === 'ms' || unit === 's' ? 1 : 0);
    for (const r of results)
      console.log(
        `| ${r.name} (${r.better} is better) | ${round(r.a.median, digits(r.a.unit))} ${r.a.unit} (±${round(r.a.spread, digits(r.a.unit))}) | ` +
          `${round(r.b.median, digits(r.b.unit))} ${r.b.unit} (±${round(r.b.spread, digits(r.b.unit))}) | ${round(r.ratio, 2)} | ` +
          `${r.band === null ? '—' : `${Math.round(r.band * 100)} %`} | ${r.verdict} |`,
      );
    const detailed = results.filter((r) => r.detailA.length || r.detailB.length);
    if (detailed.length) {
      console.log('\nBreakdown (each run, A then B):');
      for (const r of detailed) console.log(`- ${r.name}: A ${r.detailA.join(' / ')}; B ${r.detailB.join(' / ')}`);
    }
    const regressions = results.filter((r) => r.verdict === 'REGRESSION');
    console.log(
      `\n${regressions.length ? `${regressions.length} REGRESSION(S): ${regressions.map((r) => r.name).join(', ')}` : 'no regression'}`,
    );
    fs.writeFileSync(
      path.join(work, 'guard.json'),
      `${JSON.stringify({ base: baseCommit, b: bLabel, machine: machine(), samples: options.samples, results }, null, 2)}\n`,
    );
    log(`results in ${path.join(work, 'guard.json')}`);
    if (options.record) {
      if (dirty) log('--record with uncommitted changes: the table names HEAD, which does not hold them');
      writeHeadline(results, head.slice(0, 7), `${loadStart.toFixed(1)}–${os.loadavg()[0].toFixed(1)}`);
    }
  } finally {
    process.removeListener('SIGINT', onSigint);
    if (options.keep) log(`baseline worktree kept at ${baseline.dir}`);
    else baseline.undo();
  }
};

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  main().catch((error) => {
    console.error(`[bench:guard] failed: ${error?.stack ?? error}`);
    process.exit(1);
  });
