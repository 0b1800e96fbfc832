/**
 * Items accepted now and written later, many at a time (decision 038). `add` queues an item
 * and answers false when `maxPending` are already waiting (the caller refuses: 503), so memory
 * cannot grow without limit while the database is down. The queue is written when it reaches
 * `batchSize` or `flushMs` after its first item, one `write` at a time, at most `batchSize`
 * items per write. A failed write is logged and its items go back to the front of the queue,
 * tried again `flushMs` later: nothing is dropped silently. `flush()` writes everything queued
 * (readers that must see the items call it first); `close()` flushes and stops the timer.
 */
export interface BatchBufferOptions<T> {
  write: (items: T[]) => Promise<void>;
  batchSize: number;
  flushMs: number;
  maxPending: number;
  onError?: (error: unknown, count: number) => void;
}

export class BatchBuffer<T> {
  private pending: T[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(private readonly options: BatchBufferOptions<T>) {}

  /** Items waiting to be written (including a batch being written). */
  get size(): number {
    return this.pending.length + this.inFlight;
  }

  private inFlight = 0;
  private inFlightItems: T[] = [];

  /** Queues an item; false when the buffer is full (nothing queued). */
  add(item: T): boolean {
    if (this.size >= this.options.maxPending) return false;
    this.pending.push(item);
    if (this.closed || this.pending.length >= this.options.batchSize) void this.flush();
    else this.schedule();
    return true;
  }

  /** Writes everything queued now; settles when written (or when a write failed: logged, kept for a retry). */
  flush(): Promise<void> {
    this.clearTimer();
    // A write already waiting its turn takes everything queued when it starts, this caller's
    // items too: callers join it instead of queueing a write each (a busy reader would otherwise
    // line up one transaction per request behind the running one).
    if (this.queued) return this.queued;
    const queued = this.running.then(() => {
      this.queued = null;
      return this.drain();
    });
    this.queued = queued;
    this.running = queued;
    return queued;
  }

  private queued: Promise<void> | null = null;

  /**
   * Writes the queue only when an item waiting (or being written) `matches`; settles at once
   * otherwise. A reader that needs only some items written does not force a batch for the rest.
   */
  flushWhen(matches: (item: T) => boolean): Promise<void> {
    if (this.pending.some(matches)) return this.flush();
    if (this.inFlightItems.some(matches)) return this.running;
    return Promise.resolve();
  }

  /** Flushes and stops: items added later are written at once, not on a timer. */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
    this.clearTimer();
  }

  private async drain(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, this.options.batchSize);
      this.inFlight = batch.length;
      this.inFlightItems = batch;
      try {
        await this.options.write(batch);
      } catch (error) {
        this.pending.unshift(...batch);
        this.options.onError?.(error, batch.length);
        if (!this.closed) this.schedule();
        return;
      } finally {
        this.inFlight = 0;
        this.inFlightItems = [];
      }
    }
  }

  private schedule(): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.options.flushMs);
    this.timer.unref?.();
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
