import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import type { WatchedWrites } from './watched-writes';

interface Logger {
  warn(message: string): void;
}

export interface SyncOptions {
  redisUrl: string;
  /** The Redis channel, one per kind of thing kept (e.g. `${REDIS_PREFIX}#site-cache`). */
  channel: string;
  /** Its name in the log's warning, and what bounds the age of what is kept while Redis is away. */
  name: string;
  bound: string;
}

/**
 * Several instances: a write one makes to what another keeps in memory (the site's public reads,
 * decision 044; the heartbeats' sessions, decision 061) empties the others' copies too, through a
 * Redis channel, instead of them keeping the old one until its time is up. Each instance
 * publishes its own id once per burst of writes (one message per event-loop turn, however many
 * statements) and empties its copy when another's id arrives. Messages lost while Redis was away
 * are made up for by emptying it when the subscription is back; meanwhile `bound` still bounds
 * the age of what is kept.
 */
export const syncWrites = (
  cache: Pick<WatchedWrites, 'invalidate' | 'onWrite'>,
  { redisUrl, channel, name, bound }: SyncOptions,
  log: Logger,
): { close(): Promise<void> } => {
  const me = crypto.randomBytes(8).toString('hex');
  const pub = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  const sub = pub.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null });
  let warnedAt = 0;
  const warn = (error: Error) => {
    if (Date.now() - warnedAt < 60_000) return;
    warnedAt = Date.now();
    log.warn(`[${name}] Redis: ${error.message}; other instances see this one's writes within ${bound}`);
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
