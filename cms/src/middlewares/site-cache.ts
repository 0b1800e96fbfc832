import type { Core } from '@strapi/strapi';
import { matchesEtag } from '../http/conditional';
import { bodyFor, isCacheablePath, siteCacheOf, type CachedAnswer } from '../http/site-cache';
import { settings } from '../lib/settings';

interface Context {
  method: string;
  path: string;
  url: string;
  protocol: string;
  status: number;
  body: unknown;
  get(field: string): string;
  set(field: string, value: string): void;
  type: string;
  response: { get(field: string): string; headers: Record<string, string | string[] | number | undefined> };
}

/** Headers that belong to one sending of the body, not to the answer. */
const PER_SENDING = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'date', 'connection', 'keep-alive', 'x-cache']);

/**
 * The site's public reads from memory (http/site-cache.ts, decision 044). Sits inside the
 * compression and the security headers (they run on every answer, a kept one too) and outside
 * everything else: a kept answer skips CORS, the router, the envelope, the queries and the ETag's
 * hash; what those set on the first answer (ETag, Cache-Control, Vary, CORS headers) is kept with it.
 * The key is the URL with whether a token was sent (Cache-Control differs), the Origin and the scheme.
 */
export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) => {
  const cache = () => siteCacheOf(strapi, () => settings().siteCache);
  /** The first miss of a key being answered: the next ones wait for it instead of asking the database too. */
  const answering = new Map<string, Promise<void>>();
  const serve = (ctx: Context, kept: CachedAnswer) => {
    for (const [name, value] of Object.entries(kept.headers)) ctx.set(name, value);
    ctx.set('X-Cache', 'HIT');
    if (kept.etag && matchesEtag(ctx.get('if-none-match'), kept.etag)) {
      ctx.status = 304;
      ctx.body = null;
      return;
    }
    const { body, encoding } = bodyFor(kept, ctx.get('accept-encoding'));
    ctx.status = 200;
    ctx.body = body;
    if (encoding) ctx.set('Content-Encoding', encoding);
  };
  return async (ctx: Context, next: () => Promise<void>) => {
    if (ctx.method !== 'GET' || !isCacheablePath(ctx.path) || !cache().enabled) return next();
    const key = `${ctx.get('authorization') ? 1 : 0}|${ctx.protocol}|${ctx.get('origin')}|${ctx.url}`;
    let kept = cache().get(key);
    if (!kept && answering.has(key)) {
      await answering.get(key);
      kept = cache().get(key);
    }
    if (kept) return serve(ctx, kept);
    const generation = cache().generation;
    const before = new Set(Object.keys(ctx.response.headers));
    let answered = () => {};
    const first = !answering.has(key);
    if (first) answering.set(key, new Promise<void>((resolve) => (answered = resolve)));
    try {
      await next();
      if (ctx.status !== 200 || ctx.response.get('Set-Cookie') || ctx.response.get('Content-Encoding')) return;
      // A route that set its own Cache-Control and ETag (a room's schedule, the site pages) leaves
      // its body an object (the ETag middleware steps aside): it is written as JSON here.
      const body = ctx.body;
      if (body !== null && typeof body === 'object' && !Buffer.isBuffer(body) && !('pipe' in body)) {
        ctx.type = 'application/json';
        ctx.body = JSON.stringify(body);
      }
      if (typeof ctx.body !== 'string') return;
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(ctx.response.headers)) {
        if (value === undefined || PER_SENDING.has(name) || (before.has(name) && name !== 'vary')) continue;
        headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
      }
      cache().set(key, { json: ctx.body, headers, etag: ctx.response.get('ETag') || undefined }, generation);
      ctx.set('X-Cache', 'MISS');
    } finally {
      if (first) {
        answering.delete(key);
        answered();
      }
    }
  };
};
