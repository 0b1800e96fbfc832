import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import type { SiteCache } from './site-cache';

interface Logger {
  warn(message: string): void;
}

/**
 * Several instances (decision 044): a write one makes to what public reads show empties the
 * others' caches too, through a Redis channel, instead of them serving the old answer until
 * SITE_CACHE_MS. Each instance publishes its own id once per burst of writes (one message per
 * event-loop turn, however many statements) and empties its cache when another's id arrives.
 * Messages lost while Redis was away are made up for by emptying the cache when the subscription
 * is back; meanwhile SITE_CACHE_MS still bounds the age of what is served.
 */
export const syncSiteCache = (cache: SiteCache, redisUrl: string, prefix: string, log: Logger): { close(): Promise<void> } => {
  const channel = `${prefix}#site-cache`;
  const me = crypto.randomBytes(8).toString('hex');
  const pub = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  const sub = pub.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null });
  let warnedAt = 0;
  const warn = (error: Error) => {
    if (Date.now() - warnedAt < 60_000) return;
    warnedAt = Date.now();
    log.warn(`[site-cache] Redis: ${error.message}; other instances see this one's writes within SITE_CACHE_MS`);
  };
  pub.on('error', warn);
  sub.on('error', warn);
  let subscribed = false;
  sub.on('ready', () => {
    // A reconnection: what the others wrote meanwhile was not heard.
    if (subscribed) cache.invalidate();
  });
  void sub.subscribe(channel).then(
    () => (subscribed = true),
    (error: Error) => warn(error),
  );
  sub.on('message', (_channel: string, sender: string) => {
    if (sender !== me) cache.invalidate();
  });
  let queued = false;
  cache.onWrite(() => {
    if (queued) return;
    queued = true;
    setImmediate(() => {
      queued = false;
      pub.publish(channel, me).catch(warn);
    });
  });
  return {
    close: async () => {
      cache.onWrite(null);
      await Promise.all([pub, sub].map((client) => client.quit().catch(() => client.disconnect())));
    },
  };
};
