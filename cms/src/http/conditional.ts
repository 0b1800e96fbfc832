import crypto from 'node:crypto';
import fresh from 'fresh';

/**
 * Conditional reads of the product's API (issue 16): a GET answered 200 carries a weak ETag of
 * its JSON (weak: the same answer gzipped or not is the same entity) and a Cache-Control that
 * makes a browser or a proxy revalidate it; an unchanged answer then comes back as 304 without a
 * body. Public site reads may be kept by shared caches (revalidated each time); anything read with
 * a token only by the browser that asked.
 */
export const etagOf = (json: string): string => `W/"${crypto.createHash('sha1').update(json).digest('base64url')}"`;

/**
 * Whether `If-None-Match` names the entity (RFC 9110 §13.1.2: weak comparison, `*`, lists), as
 * `fresh` reads it (the module behind Koa's `ctx.fresh`). Only that header is weighed: a proxy
 * revalidating with `Cache-Control: no-cache` still gets its 304 (ctx.fresh would answer it 200).
 */
export const matchesEtag = (ifNoneMatch: string | undefined, etag: string): boolean =>
  Boolean(ifNoneMatch) && fresh({ 'if-none-match': ifNoneMatch?.trim() }, { etag });

/** The Cache-Control of an API read: shared caches only for an anonymous read of the site. */
export const cacheControlOf = (path: string, authorized: boolean, sitePrefix: string): string =>
  !authorized && (path === sitePrefix || path.startsWith(`${sitePrefix}/`)) ? 'public, no-cache' : 'private, no-cache';
