import { SITE_PREFIX } from '@plataforma/adapter';
import { cacheControlOf, etagOf, matchesEtag } from '../http/conditional';
import { isProductPath } from '../http/paths';

interface Context {
  method: string;
  path: string;
  status: number;
  body: unknown;
  type: string;
  get(field: string): string;
  set(field: string, value: string): void;
  vary(field: string): void;
  response: { get(field: string): string };
}

/**
 * GETs of the product's API answered 200: the JSON once as text, its weak ETag, a Cache-Control
 * (http/conditional.ts), `Vary: Authorization`; a matching If-None-Match answers 304 with no body.
 * Sits outside the envelope (it sees the final answer) and inside the compression.
 */
export default () => async (ctx: Context, next: () => Promise<void>) => {
  await next();
  if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.status !== 200 || !isProductPath(ctx.path)) return;
  if (ctx.body === null || typeof ctx.body !== 'object' || Buffer.isBuffer(ctx.body) || 'pipe' in ctx.body) return;
  if (ctx.response.get('Cache-Control')) return; // a route that set its own (an export) keeps it
  const json = JSON.stringify(ctx.body);
  const etag = etagOf(json);
  const authorized = Boolean(ctx.get('authorization'));
  ctx.set('ETag', etag);
  ctx.set('Cache-Control', cacheControlOf(ctx.path, authorized, SITE_PREFIX));
  ctx.vary('Authorization');
  if (matchesEtag(ctx.get('if-none-match'), etag)) {
    ctx.status = 304;
    ctx.body = null;
    return;
  }
  ctx.type = 'application/json';
  ctx.body = json;
};
