import type { JobStore, TakenJob } from './store';
import { PermanentJobError, type AnyJobKind, type JobContext } from './types';

export interface RunnerLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface RunnerOptions {
  /** Each kind looks for due jobs this often (a job sent by this process is looked for at once). */
  pollMs: number;
  /** The store's own upkeep (SQLite: expiry, retention, schedules) this often. */
  maintenanceMs: number;
  /** On stop, running jobs get this long to finish before their signal aborts. */
  graceMs: number;
  log: RunnerLog;
}

interface Loop {
  kind: AnyJobKind;
  running: Set<Promise<void>>;
  ticking: Promise<void> | null;
  again: boolean;
}

const messageOf = (error: unknown): string => {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > 2000 ? `${text.slice(0, 2000)}…` : text;
};

/** Rejects with the signal's reason once it aborts: a handler that ignores its signal is left behind, not waited for. */
const untilAborted = (signal: AbortSignal): Promise<never> =>
  new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });

/**
 * Takes and runs one process's jobs, the same on both stores: each kind up to its concurrency,
 * a finished job making room for the next at once (no batch waits for its slowest job), a
 * failure settled by the store (retry after the backoff, or dead), an attempt past its expiry
 * aborted and failed.
 */
export class JobRunner {
  private readonly loops = new Map<string, Loop>();
  private poll: NodeJS.Timeout | null = null;
  private upkeep: NodeJS.Timeout | null = null;
  private stopping = false;
  private readonly controllers = new Set<AbortController>();

  constructor(
    private readonly store: JobStore,
    private readonly kinds: readonly AnyJobKind[],
    private readonly options: RunnerOptions,
  ) {
    for (const kind of kinds) this.loops.set(kind.name, { kind, running: new Set(), ticking: null, again: false });
  }

  start(): void {
    this.poll = setInterval(() => this.wakeAll(), this.options.pollMs);
    this.poll.unref();
    this.upkeep = setInterval(() => void this.maintain(), this.options.maintenanceMs);
    this.upkeep.unref();
    this.wakeAll();
  }

  /** Looks for due jobs of a kind now (a job was just sent), or of every kind. */
  wake(kindName?: string): void {
    if (kindName === undefined) return this.wakeAll();
    const loop = this.loops.get(kindName);
    if (loop) void this.tick(loop);
  }

  private wakeAll(): void {
    for (const loop of this.loops.values()) void this.tick(loop);
  }

  async maintain(): Promise<void> {
    if (this.stopping) return;
    try {
      await this.store.maintain(this.kinds);
    } catch (error) {
      if (!this.stopping) this.options.log.error(`[jobs] upkeep failed: ${messageOf(error)}`);
    }
  }

  private tick(loop: Loop): Promise<void> {
    if (this.stopping) return Promise.resolve();
    if (loop.ticking) {
      loop.again = true;
      return loop.ticking;
    }
    const ticking = this.takeAndRun(loop).finally(() => {
      loop.ticking = null;
      // Someone asked while it ran (a job finished, a job was sent): look once more.
      if (loop.again && !this.stopping) void this.tick(loop);
    });
    loop.ticking = ticking;
    return ticking;
  }

  private async takeAndRun(loop: Loop): Promise<void> {
    // Never settle in the caller's turn: `tick` keeps this promise before it can finish.
    await Promise.resolve();
    try {
      for (;;) {
        loop.again = false;
        const free = loop.kind.concurrency - loop.running.size;
        if (free <= 0 || this.stopping) return;
        const jobs = await this.store.take(loop.kind, free);
        for (const job of jobs) this.run(loop, job);
        // Nothing due: done until the next poll or send. A full take may have left more behind.
        if (jobs.length < free) return;
      }
    } catch (error) {
      if (!this.stopping) this.options.log.error(`[jobs] could not take ${loop.kind.name} jobs: ${messageOf(error)}`);
    }
  }

  private run(loop: Loop, job: TakenJob): void {
    const { kind } = loop;
    const controller = new AbortController();
    this.controllers.add(controller);
    const expiry = setTimeout(
      () => controller.abort(new Error(`expired: still running after ${kind.expireSeconds} s`)),
      kind.expireSeconds * 1000,
    );
    const context: JobContext = { id: job.id, attempt: job.attempt, maxAttempts: job.maxAttempts, signal: controller.signal };
    const running = (async () => {
      try {
        const handled = kind.handler(job.data, context);
        // A handler left behind by its expiry must not become an unhandled rejection.
        handled.catch(() => undefined);
        await Promise.race([handled, untilAborted(controller.signal)]);
        await this.store.complete(kind, job.id);
      } catch (error) {
        const message = messageOf(error);
        try {
          const outcome = await this.store.fail(kind, job.id, message, error instanceof PermanentJobError);
          const where = `[jobs] ${kind.name} ${job.id} attempt ${job.attempt}/${job.maxAttempts}`;
          if (outcome === 'dead') {
            this.options.log.error(`${where} failed, dead: ${message}`);
            await kind.onDead?.(job.data, message);
          } else if (outcome === 'retrying') this.options.log.warn(`${where} failed, will retry: ${message}`);
        } catch (settling) {
          if (!this.stopping) this.options.log.error(`[jobs] ${kind.name} ${job.id}: could not record the failure: ${messageOf(settling)}`);
        }
      } finally {
        clearTimeout(expiry);
        this.controllers.delete(controller);
      }
    })();
    loop.running.add(running);
    void running.finally(() => {
      loop.running.delete(running);
      void this.tick(loop);
    });
  }

  /** Jobs this process is running now, by kind (tests, the stop). */
  runningCount(): number {
    let count = 0;
    for (const loop of this.loops.values()) count += loop.running.size;
    return count;
  }

  /**
   * Runs due jobs until none is left running or due in this process (tests): every kind is woken,
   * and each finished job wakes its kind again.
   */
  async drain(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await Promise.all([...this.loops.values()].map((loop) => this.tick(loop)));
      const running = [...this.loops.values()].flatMap((loop) => [...loop.running]);
      if (running.length === 0) return;
      if (Date.now() > deadline) throw new Error(`[jobs] ${running.length} jobs still running after ${timeoutMs} ms`);
      await Promise.race([Promise.allSettled(running), new Promise((resolve) => setTimeout(resolve, Math.max(1, deadline - Date.now())))]);
    }
  }

  /** Takes no more jobs; the running ones get the grace time, then their signal aborts (their attempt fails). */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.poll) clearInterval(this.poll);
    if (this.upkeep) clearInterval(this.upkeep);
    const running = [...this.loops.values()].flatMap((loop) => [...loop.running]);
    if (running.length === 0) return;
    const grace = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), this.options.graceMs).unref());
    if ((await Promise.race([Promise.allSettled(running), grace])) === 'late') {
      for (const controller of this.controllers) controller.abort(new Error('interrupted: the server stopped while the job ran'));
      await Promise.allSettled(running);
    }
  }
}
