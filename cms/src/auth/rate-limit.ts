import { ApiError } from '@plataforma/adapter';

/**
 * Fixed-window counters in memory (one process). Enough for one instance; with several
 * instances behind a balancer each keeps its own window, which only loosens the limit by
 * the number of instances.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = 0;

  constructor(private readonly windowMs: number) {}

  /** Counts a hit; throws ApiError 429 with Retry-After when over `limit`. */
  hit(key: string, limit: number, now = Date.now()): void {
    this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    if (window.count > limit) {
      const seconds = Math.max(1, Math.ceil((window.resetAt - now) / 1000));
      throw new ApiError(429, 'api.error.tooManyRequests', { 'Retry-After': String(seconds) }, { retryIn: seconds });
    }
  }

  reset(): void {
    this.windows.clear();
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
