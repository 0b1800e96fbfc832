import { ApiError } from '@plataforma/adapter';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { settings } from '../lib/settings';

/**
 * Where the counters live. With REDIS_URL every instance counts in the same Redis, so a limit is
 * the product's, not each process's (issue 16); without it, in this process's memory (the
 * embedded default, one instance).
 */
export interface LimitStore {
  redis: Redis | null;
  /** Keys' prefix in Redis: several products (or test runs) share one Redis apart. */
  prefix: string;
}

let shared: LimitStore | null = null;

/** The process's store, made on first use from the settings (REDIS_URL, REDIS_PREFIX). */
const processStore = (): LimitStore => {
  if (!shared) {
    const { redisUrl, redisPrefix } = settings().chat;
    shared = {
      // No offline queue: while Redis is unreachable a hit is counted by the in-memory insurance
      // limiter at once, instead of waiting for a reconnection.
      redis: redisUrl ? new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 }) : null,
      prefix: redisPrefix,
    };
    // A lost connection is logged by the limiter's fallback, not thrown at the process.
    shared.redis?.on('error', () => undefined);
  }
  return shared;
};

/** Connects to Redis at boot (Strapi's bootstrap), so the first requests already count there. */
export const openRateLimits = (): void => {
  processStore();
};

/** Closes the process's Redis connection (Strapi's destroy), so a stopping server does not hang. */
export const closeRateLimits = async (): Promise<void> => {
  const store = shared;
  shared = null;
  if (store?.redis) await store.redis.quit().catch(() => store.redis?.disconnect());
};

/**
 * Fixed windows of `windowMs` per key, counted by rate-limiter-flexible: in Redis when the
 * product has one (several instances share the counts; if Redis fails, each process goes on
 * counting in memory until it is back), in memory otherwise. A hit over the limit is answered 429
 * `api.error.tooManyRequests` with `Retry-After` (seconds until the window ends).
 */
export class RateLimiter {
  private readonly byLimit = new Map<number, RateLimiterAbstract>();

  /** `store`: the counters' place (tests); by default the process's, from the settings. */
  constructor(
    private readonly windowMs: number,
    private readonly store?: LimitStore,
  ) {}

  /** Counts a hit; rejects with ApiError 429 and Retry-After when over `limit`. */
  async hit(key: string, limit: number): Promise<void> {
    try {
      await this.limiterFor(limit).consume(key);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      throw new ApiError(429, 'api.error.tooManyRequests', { 'Retry-After': String(seconds) }, { retryIn: seconds });
    }
  }

  /** Forgets this process's in-memory counts (the Redis ones end with their window). */
  reset(): void {
    this.byLimit.clear();
  }

  private limiterFor(limit: number): RateLimiterAbstract {
    let limiter = this.byLimit.get(limit);
    if (!limiter) {
      const duration = Math.max(1, Math.ceil(this.windowMs / 1000));
      const memory = new RateLimiterMemory({ points: limit, duration });
      const store = this.store ?? processStore();
      limiter = store.redis
        ? new RateLimiterRedis({
            storeClient: store.redis,
            points: limit,
            duration,
            // The window and the limit are in the key: two limiters never share a count by accident.
            keyPrefix: `${store.prefix}:limit:${duration}:${limit}`,
            rejectIfRedisNotReady: true,
            insuranceLimiter: memory,
          })
        : memory;
      this.byLimit.set(limit, limiter);
    }
    return limiter;
  }
}
