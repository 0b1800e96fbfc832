// A bench process's own view of a window of time: its event loop's delay, its garbage collector's
// pauses and its CPU. `measureWindow()` for the load generator itself; `installWindowProbe()` for
// the processes that serve (chat-server.mjs, chat-bare.mjs), where SIGUSR2 prints the window since
// the last SIGUSR2 (or the start) as one line `{"window":{...}}` on stdout and opens a new one — the
// bench sends it when it starts measuring and when it stops. Never part of the product.
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

const fixed = (value, digits = 1) => Number(value.toFixed(digits));

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
  let since = performance.now();
  return {
    read() {
      const elapsed = performance.now() - since;
      const used = process.cpuUsage(cpu);
      const figures = {
        seconds: fixed(elapsed / 1000, 2),
        cpuPercent: fixed(((used.user + used.system) / 1000 / elapsed) * 100, 0),
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
};
