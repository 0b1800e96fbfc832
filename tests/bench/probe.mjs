// A bench process's own view of a window of time: its event loop's delay, its garbage collector's
// pauses and its CPU. `measureWindow()` for the load generator itself; `installWindowProbe()` for
// the processes that serve (chat-server.mjs, chat-bare.mjs), where SIGUSR2 prints the window since
// the last SIGUSR2 (or the start) as one line `{"window":{...}}` on stdout and opens a new one — the
// bench sends it when it starts measuring and when it stops — and a line `memory` on stdin prints
// the heap after a full collection. Never part of the product.
import fs from 'node:fs';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

const fixed = (value, digits = 1) => Number(value.toFixed(digits));

/**
 * The calling thread's time on a CPU and its time runnable but waiting for one, in ns (Linux's
 * /proc/thread-self/schedstat); null elsewhere. Waiting is what a busy machine costs a process
 * beyond its own work: the kernel had somewhere to run it, just not yet.
 */
const schedstat = () => {
  try {
    const [run, wait] = fs.readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ').map(Number);
    return { run, wait };
  } catch {
    return null;
  }
};

/** Starts a window now; `read()` gives its figures and starts the next one. */
export const measureWindow = () => {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let gc = { count: 0, ms: 0, maxMs: 0, major: 0, majorMs: 0 };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.count += 1;
      gc.ms += entry.duration;
      gc.maxMs = Math.max(gc.maxMs, entry.duration);
      if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) {
        gc.major += 1;
        gc.majorMs += entry.duration;
      }
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  let cpu = process.cpuUsage();
  let sched = schedstat();
  let since = performance.now();
  return {
    read() {
      const elapsed = performance.now() - since;
      const used = process.cpuUsage(cpu);
      const schedNow = schedstat();
      const share = (key) => (sched && schedNow ? fixed(((schedNow[key] - sched[key]) / 1e6 / elapsed) * 100, 0) : null);
      const figures = {
        seconds: fixed(elapsed / 1000, 2),
        cpuPercent: fixed(((used.user + used.system) / 1000 / elapsed) * 100, 0),
        // The main thread alone: on a CPU, and runnable but waiting for a CPU (% of the window).
        mainRunPercent: share('run'),
        mainWaitPercent: share('wait'),
        loopP50: fixed(loop.percentile(50) / 1e6),
        loopP99: fixed(loop.percentile(99) / 1e6),
        loopMax: fixed(loop.max / 1e6),
        gcCount: gc.count,
        gcMs: fixed(gc.ms, 0),
        gcMaxMs: fixed(gc.maxMs),
        gcMajor: gc.major,
        gcMajorMs: fixed(gc.majorMs, 0),
      };
      loop.reset();
      gc = { count: 0, ms: 0, maxMs: 0, major: 0, majorMs: 0 };
      cpu = process.cpuUsage();
      sched = schedNow;
      since = performance.now();
      return figures;
    },
    stop() {
      loop.disable();
      observer.disconnect();
    },
  };
};

export const installWindowProbe = () => {
  const window = measureWindow();
  process.on('SIGUSR2', () => process.stdout.write(`${JSON.stringify({ window: window.read() })}\n`));
  // A line `memory` on stdin: a full garbage collection (when started with --expose-gc), then the
  // heap and the memory outside it as one line `{"memory":{...}}` — what the sockets hold, without
  // the garbage a resident-size reading would count or miss depending on when the collector ran.
  let pending = '';
  process.stdin.on('data', (chunk) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    if (!lines.some((line) => line.trim() === 'memory')) return;
    globalThis.gc?.();
    const { heapUsed, external, rss } = process.memoryUsage();
    process.stdout.write(`${JSON.stringify({ memory: { heapUsed, external, rss, collected: typeof globalThis.gc === 'function' } })}\n`);
  });
};
