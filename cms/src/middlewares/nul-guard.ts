import { fail } from '@plataforma/adapter';
import { hasNul } from '@plataforma/adapter/server';
import { isProductPath } from '../http/paths';

interface NulContext {
  path: string;
  query: unknown;
  request: { body?: unknown };
  status: number;
  body: unknown;
}

/**
 * Right after `strapi::body`, on every path: a NUL character (U+0000) in the path, the query
 * string or any string (or key) of the parsed body is refused with 400 before a route reads it.
 * PostgreSQL answered 500 (`invalid byte sequence … 0x00`), SQLite's FTS too, and SQLite stored
 * it (issue 47 item 8): now both databases answer the same. The product's paths answer the
 * envelope (`api.error.nulCharacter`, in the venue's packs); Strapi's own paths (/admin, the
 * content API) answer in Strapi's error shape.
 */
export default () => async (ctx: NulContext, next: () => Promise<void>) => {
  if (!ctx.path.includes('\u0000') && !hasNul(ctx.query) && !hasNul(ctx.request.body)) return next();
  ctx.status = 400;
  ctx.body = isProductPath(ctx.path)
    ? fail(400, 'api.error.nulCharacter')
    : { data: null, error: { status: 400, name: 'ValidationError', message: 'O texto contém um caractere inválido (NUL).', details: {} } };
};
