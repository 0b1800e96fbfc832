// The product's rate limiter (cms/src/auth/rate-limit.ts) on the machine's Redis (REDIS_URL):
// limiters with their own connections, as two instances have, share one count; in memory each
// process counts alone; and when Redis cannot be reached the limit still holds, counted in memory.
import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiError } from '@plataforma/adapter';
import { RateLimiter } from '../../../cms/src/auth/rate-limit';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `test-${crypto.randomBytes(4).toString('hex')}`;
const connections: Redis[] = [];
const connect = (url = REDIS_URL) => {
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: url !== REDIS_URL });
  redis.on('error', () => undefined);
  connections.push(redis);
  return redis;
};
const ready = (redis: Redis) =>
  redis.status === 'ready' ? Promise.resolve() : new Promise<void>((resolve) => redis.once('ready', () => resolve()));

/** The error a hit rejected with, or null when it was counted. */
const refusal = (limiter: RateLimiter, key: string, limit: number) =>
  limiter.hit(key, limit).then(
    () => null,
    (error: unknown) => error,
  );

afterAll(async () => {
  const cleaner = connections[0];
  if (cleaner?.status === 'ready') {
    const keys = await cleaner.keys(`${prefix}*`);
    if (keys.length > 0) await cleaner.del(...keys);
  }
  for (const redis of connections) redis.disconnect();
});

describe('rate limits shared through Redis (issue 16)', () => {
  it('two instances count one window: the hit over the limit is refused on either, with Retry-After', async () => {
    const a = connect();
    const b = connect();
    await Promise.all([ready(a), ready(b)]);
    const first = new RateLimiter(60_000, { redis: a, prefix });
    const second = new RateLimiter(60_000, { redis: b, prefix });
    for (let i = 0; i < 3; i += 1) expect(await refusal(first, 'login:ana', 5)).toBeNull();
    for (let i = 0; i < 2; i += 1) expect(await refusal(second, 'login:ana', 5)).toBeNull();
    const refused = await refusal(first, 'login:ana', 5);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 429, msg: 'api.error.tooManyRequests', data: { retryIn: expect.any(Number) } });
    const retryAfter = Number((refused as ApiError).headers?.['Retry-After']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await refusal(second, 'login:ana', 5)).toBeInstanceOf(ApiError);
    // Another key, and the same key under another limit, count apart.
    expect(await refusal(second, 'login:bia', 5)).toBeNull();
    expect(await refusal(second, 'login:ana', 50)).toBeNull();
  });

  it('in memory (no REDIS_URL) each process counts alone', async () => {
    const first = new RateLimiter(60_000, { redis: null, prefix });
    const second = new RateLimiter(60_000, { redis: null, prefix });
    for (let i = 0; i < 2; i += 1) expect(await refusal(first, 'contact:1', 2)).toBeNull();
    expect(await refusal(first, 'contact:1', 2)).toBeInstanceOf(ApiError);
    expect(await refusal(second, 'contact:1', 2)).toBeNull();
    first.reset();
    expect(await refusal(first, 'contact:1', 2)).toBeNull();
  });

  it('still limits, in memory, while Redis cannot be reached', async () => {
    const down = connect('redis://127.0.0.1:1');
    const limiter = new RateLimiter(60_000, { redis: down, prefix });
    for (let i = 0; i < 3; i += 1) expect(await refusal(limiter, 'register:10.0.0.1', 3)).toBeNull();
    expect(await refusal(limiter, 'register:10.0.0.1', 3)).toMatchObject({ status: 429 });
  });
});
