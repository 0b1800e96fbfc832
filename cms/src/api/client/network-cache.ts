import type { Core } from '@strapi/strapi';
import type { NetworkPerson } from '@plataforma/adapter';

/**
 * The network room's answers kept one second (issue 48 item 1, decision 075): a list of who
 * entered the event one second ago is still right (the product's decision). One entry per
 * (event, search term, offset, size), shared by every asker (the list does not depend on who
 * asks); the searches that arrive together while an answer is being read wait for that one read.
 * A consent change (PUT /networks/consent) empties it, so the asker sees their own row follow
 * their toggle at once; other changes (someone entering, another instance's consent) show
 * within the second.
 */
export const NETWORK_KEEP_MS = 1_000;
/** At most this many answers kept: beyond, the oldest go first. */
const MAX_ENTRIES = 5_000;

export interface NetworkAnswer {
  rows: NetworkPerson[];
  count: number;
}

interface Entry {
  until: number;
  answer: Promise<NetworkAnswer>;
}

const caches = new WeakMap<Core.Strapi, Map<string, Entry>>();

const cacheOf = (strapi: Core.Strapi): Map<string, Entry> => {
  let cache = caches.get(strapi);
  if (!cache) {
    cache = new Map();
    caches.set(strapi, cache);
  }
  return cache;
};

export const networkKey = (eventId: number, search: string | undefined, offset: number, size: number): string =>
  JSON.stringify([eventId, search ?? '', offset, size]);

/** The answer kept for `key`, or `read`'s (kept NETWORK_KEEP_MS from when it was asked); a failed read is not kept. */
export const keptNetworkAnswer = (strapi: Core.Strapi, key: string, read: () => Promise<NetworkAnswer>): Promise<NetworkAnswer> => {
  const cache = cacheOf(strapi);
  const now = Date.now();
  const kept = cache.get(key);
  if (kept && kept.until > now) return kept.answer;
  if (kept) cache.delete(key);
  if (cache.size >= MAX_ENTRIES) {
    for (const [old, entry] of cache) if (entry.until <= now) cache.delete(old);
    if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  }
  const entry: Entry = { until: now + NETWORK_KEEP_MS, answer: read() };
  cache.set(key, entry);
  entry.answer.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return entry.answer;
};

/** A consent change: no answer kept from before it is served again. */
export const forgetNetworkAnswers = (strapi: Core.Strapi): void => {
  caches.get(strapi)?.clear();
};
