// The server's memory while it receives a large video: boots the compiled app on SQLite with a
// bench-only upload route (tests/bench/upload-server.mjs), streams a generated 200 MB MP4-shaped
// file (an ftyp box, then an mdat box of zeros, written to a temporary file and read from disk
// by the client as it sends) to it as multipart, and samples the server's resident memory
// (/proc/<pid>/status: VmRSS every 20 ms, and the kernel's peak VmHWM reset just before). The upload must grow it by less than 64 MB: formidable
// streams the body to a temporary file and the upload provider streams that file to the store.
//
// Part of `npm run bench` (BENCH_UPLOAD_MEMORY=0 skips it); alone: `node tests/bench/upload-memory.mjs`.
// BENCH_UPLOAD_MB (default 200) sets the size, BENCH_UPLOAD_PORT (default 1363) the port.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  assertPortFree,
  benchDir,
  cleanup,
  cmsDir,
  procStatus,
  productionSecrets,
  root,
  run,
  startProcess,
  tail,
  tempDir,
  waitForHttp,
} from './lib.mjs';

const MB = 1024 * 1024;
export const UPLOAD_MEMORY_LIMIT_MB = 64;

const int = (name, fallback) => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, not "${raw}"`);
  return value;
};

/** Writes an MP4-shaped file of `bytes`: ftyp (isom), then one mdat box of zeros filling the rest. */
const writeVideo = async (file, bytes) => {
  const ftyp = Buffer.from('\0\0\0\x20ftypisom\0\0\x02\0isomiso2avc1mp41', 'latin1');
  const mdat = Buffer.alloc(8);
  mdat.writeUInt32BE(bytes - ftyp.length, 0);
  mdat.write('mdat', 4, 'latin1');
  const out = fs.createWriteStream(file);
  const write = (chunk) => new Promise((resolve, reject) => out.write(chunk, (error) => (error ? reject(error) : resolve())));
  await write(Buffer.concat([ftyp, mdat]));
  const zeros = Buffer.alloc(MB);
  let left = bytes - ftyp.length - mdat.length;
  while (left > 0) {
    await write(left >= zeros.length ? zeros : zeros.subarray(0, left));
    left -= zeros.length;
  }
  await new Promise((resolve, reject) => out.end((error) => (error ? reject(error) : resolve())));
};

const rssOf = (pid) => procStatus(pid, 'VmRSS');

const peakOf = (pid) => procStatus(pid, 'VmHWM');

/** Resets a process's peak resident memory to its current one (Linux: `5` into clear_refs); false when not allowed. */
const resetPeak = (pid) => {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
};

/** POSTs `file` as the multipart field `file`, streamed from disk; resolves with { status, body }. */
const postFile = (port, file, filename) =>
  new Promise((resolve, reject) => {
    const boundary = `----bench${crypto.randomBytes(8).toString('hex')}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: video/mp4\r\n\r\n`,
    );
    const tailPart = Buffer.from(`\r\n--${boundary}--\r\n`);
    const size = fs.statSync(file).size;
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/site/v1/bench/upload',
        headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': head.length + size + tailPart.length },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          try {
            resolve({ status: response.statusCode, body: JSON.parse(text) });
          } catch {
            resolve({ status: response.statusCode, body: text });
          }
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.write(head);
    const stream = fs.createReadStream(file);
    stream.on('error', reject);
    stream.on('end', () => request.end(tailPart));
    stream.pipe(request, { end: false });
  });

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs the measure; returns { sizeMb, baselineMb, peakMb, growthMb, seconds, limitMb, verdict }.
 * `build: false` when the caller already built adapter and cms.
 */
export const benchUploadMemory = async ({ build = true, log = (message) => console.log(`[bench] ${message}`) } = {}) => {
  const sizeMb = int('BENCH_UPLOAD_MB', 200);
  const port = int('BENCH_UPLOAD_PORT', 1363);
  if (build) await run(process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--only=adapter,cms']);
  await assertPortFree(port);
  const dir = tempDir('bench-upload-');
  const logFile = path.join(dir, 'strapi.log');
  const video = path.join(dir, 'video.mp4');
  const uploadTmp = path.join(dir, 'upload-tmp');
  const publicDir = path.join(dir, 'public');
  fs.mkdirSync(uploadTmp);

  let started = Date.now();
  await writeVideo(video, sizeMb * MB);
  log(`upload memory: ${sizeMb} MB video generated in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) =>
        !/^(DATABASE_|PORT$|HOST$|PUBLIC_URL$|PUBLIC_DIR$|NODE_ENV$|LOG_LEVEL$|SEED_|SMS_|S3_|UPLOAD_|SECRETS_FILE$|DEBUG$)/.test(key),
    ),
  );
  const server = startProcess('upload server', process.execPath, [path.join(benchDir, 'upload-server.mjs')], {
    cwd: cmsDir,
    logFile,
    env: {
      ...inherited,
      ...productionSecrets(),
      NODE_ENV: 'production',
      SEED_DEMO: 'false',
      STRAPI_TELEMETRY_DISABLED: 'true',
      STRAPI_STARTUP_LOG: 'false',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_CLIENT: 'sqlite',
      DATABASE_FILENAME: path.join(dir, 'bench.db'),
      PUBLIC_DIR: publicDir,
      SECRETS_FILE: path.join(dir, 'secrets.env'),
      SMS_PROVIDER: 'log',
      UPLOAD_TMP_DIR: uploadTmp,
      UPLOAD_MEDIA_MAX_MB: String(Math.max(512, sizeMb + 1)),
    },
  });
  await waitForHttp(`http://127.0.0.1:${port}/_health`, { child: server.child, logFile });
  const pid = server.child.pid;

  // Warm up: the first uploads load code paths (sharp's probe, the provider, the query engine).
  const small = path.join(dir, 'small.mp4');
  await writeVideo(small, 4 * MB);
  for (let i = 0; i < 3; i += 1) {
    const warm = await postFile(port, small, 'aquecimento.mp4');
    if (warm.status !== 201) throw new Error(`the warm-up upload answered ${warm.status}: ${JSON.stringify(warm.body)}\n${tail(logFile)}`);
  }
  await sleep(1_500);
  const baseline = rssOf(pid);
  if (baseline === null) throw new Error(`the upload server is gone:\n${tail(logFile)}`);

  // The kernel's own peak (VmHWM, reset here) catches what 20 ms samples could miss.
  const exactPeak = resetPeak(pid);
  let peak = baseline;
  const sampler = setInterval(() => {
    const rss = rssOf(pid);
    if (rss !== null && rss > peak) peak = rss;
  }, 20);
  started = Date.now();
  let answer;
  try {
    answer = await postFile(port, video, 'video-grande.mp4');
  } finally {
    clearInterval(sampler);
  }
  const seconds = (Date.now() - started) / 1000;
  const after = exactPeak ? peakOf(pid) : rssOf(pid);
  if (after !== null && after > peak) peak = after;

  if (answer.status !== 201 || answer.body?.data?.type !== 'VIDEO') {
    throw new Error(`the ${sizeMb} MB upload answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}\n${tail(logFile)}`);
  }
  const stored = path.join(publicDir, 'uploads', path.basename(answer.body.data.url));
  if (fs.statSync(stored).size !== sizeMb * MB)
    throw new Error(`the stored file has ${fs.statSync(stored).size} bytes, not ${sizeMb * MB}`);
  const leftovers = fs.readdirSync(uploadTmp);
  if (leftovers.length > 0) throw new Error(`temporary files left after the request: ${leftovers.join(', ')}`);
  await server.stop();

  const toMb = (bytes) => Number((bytes / MB).toFixed(1));
  const growthMb = toMb(peak - baseline);
  const result = {
    sizeMb,
    baselineMb: toMb(baseline),
    peakMb: toMb(peak),
    growthMb,
    seconds: Number(seconds.toFixed(1)),
    throughputMbPerSecond: Number((sizeMb / seconds).toFixed(1)),
    limitMb: UPLOAD_MEMORY_LIMIT_MB,
    peakFrom: exactPeak ? 'VmHWM' : 'VmRSS samples every 20 ms',
    verdict: growthMb < UPLOAD_MEMORY_LIMIT_MB ? 'PASS' : 'MISS',
  };
  log(`upload memory: ${sizeMb} MB in ${result.seconds} s, server RSS ${result.baselineMb} → ${result.peakMb} MB (+${growthMb} MB)`);
  return result;
};

/** The result as a one-row table. */
export const printUploadMemory = (result) => {
  const header = ['upload', 'time s', 'MB/s', 'RSS before MB', 'RSS peak MB', 'growth MB', `limit (<${result.limitMb} MB)`];
  const row = [
    `${result.sizeMb} MB video, multipart`,
    result.seconds.toFixed(1),
    result.throughputMbPerSecond.toFixed(1),
    result.baselineMb.toFixed(1),
    result.peakMb.toFixed(1),
    result.growthMb.toFixed(1),
    result.verdict,
  ];
  const widths = header.map((h, i) => Math.max(h.length, String(row[i]).length));
  const render = (cells) => cells.map((c, i) => (i > 0 && i < 6 ? String(c).padStart(widths[i]) : String(c).padEnd(widths[i]))).join('  ');
  console.log('');
  console.log(render(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  console.log(render(row).trimEnd());
  console.log('');
};

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  let interrupted = false;
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      if (interrupted) return;
      interrupted = true;
      cleanup().finally(() => process.exit(130));
    });
  }
  try {
    const result = await benchUploadMemory();
    printUploadMemory(result);
    await cleanup();
    process.exit(0);
  } catch (error) {
    console.error(`[bench] upload memory failed: ${error.message}`);
    await cleanup();
    process.exit(1);
  }
}
