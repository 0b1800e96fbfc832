import { ApiError, fail } from '@plataforma/adapter';
import { multipartCap } from '../http/multipart-routes';
import { isProductPath } from '../http/paths';

interface MultipartContext {
  method: string;
  path: string;
  status: number;
  body: unknown;
  is(...types: string[]): string | false | null;
  set(field: string, value: string): void;
  get(field: string): string;
}

/** A multipart body's boundary, from its Content-Type ('' when it has none). */
const boundaryOf = (contentType: string): string => /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType)?.slice(1).find(Boolean) ?? '';

/**
 * Why a multipart request is refused before a byte of its body is read, or null: the route takes
 * no multipart (415), the body has no Content-Length (411: a chunked body could not be refused
 * by its size; browsers always announce a form's), it announces more than the route's largest
 * upload (413), or it has no boundary (400: it could never be parsed).
 */
const refusal = (ctx: MultipartContext): { status: number; msg: Parameters<typeof fail>[1] } | null => {
  const cap = multipartCap(ctx.method, ctx.path);
  if (cap === null) return { status: 415, msg: 'api.error.multipartNotAccepted' };
  const length = ctx.get('Content-Length');
  if (!/^\d+$/.test(length)) return { status: 411, msg: 'api.error.lengthRequired' };
  if (Number(length) > cap) return { status: 413, msg: 'upload.error.tooLarge' };
  if (!boundaryOf(ctx.get('Content-Type'))) return { status: 400, msg: 'api.error.invalidBody' };
  return null;
};

const isEnvelope = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && 'msg' in body && 'status' in body && 'data' in body;

/** formidable's code of a request the client abandoned (a cancelled upload). */
const ABORTED = 1002;

/** A parse error of formidable: a numeric internal `code` and the HTTP status it means. */
const formidableError = (error: unknown): { code: number; httpCode: number; message: string } | null => {
  if (typeof error !== 'object' || error === null) return null;
  const { code, httpCode, message } = error as { code?: unknown; httpCode?: unknown; message?: unknown };
  return typeof code === 'number' && typeof httpCode === 'number' ? { code, httpCode, message: String(message ?? '') } : null;
};

/**
 * Just before `strapi::body`, on the product's paths: a multipart body is first held to its
 * route's `allowMultipart` (http/multipart-routes.ts) and refused at once, unread, with
 * `Connection: close` (issue 47: 1,200 MB of zeros without a boundary were read to their end).
 * Then a multipart body whose files pass the
 * largest upload limit (cut off by formidable while streaming, answered 413 by Strapi in its
 * own error shape) answers the envelope with `upload.error.tooLarge`; a malformed multipart
 * body, or one the client abandoned (a cancelled upload), answers 400 `api.error.invalidBody`
 * rather than a logged 500. Other paths (/admin's Media Library) keep Strapi's answers.
 */
export default () => async (ctx: MultipartContext, next: () => Promise<void>) => {
  if (!isProductPath(ctx.path) || !ctx.is('multipart')) return next();
  const refused = refusal(ctx);
  if (refused) {
    // The client may still be sending: the connection ends with this answer, the rest unread.
    ctx.set('Connection', 'close');
    ctx.status = refused.status;
    ctx.body = fail(refused.status, refused.msg);
    return;
  }
  try {
    await next();
  } catch (error) {
    const parse = formidableError(error);
    if (!parse) throw error;
    // A cancelled upload: nobody reads the answer, and it is no server error to log.
    if (parse.code === ABORTED) throw new ApiError(400, 'api.error.invalidBody');
    if (parse.httpCode === 413 && parse.message.includes('maxFileSize')) throw new ApiError(413, 'upload.error.tooLarge');
    if (parse.httpCode === 413) throw new ApiError(413, 'api.error.payloadTooLarge');
    if (parse.httpCode >= 400 && parse.httpCode < 500) throw new ApiError(400, 'api.error.invalidBody');
    throw error;
  }
  if (ctx.status === 413 && !isEnvelope(ctx.body)) {
    // The client may still be sending: tell it the connection ends with this answer.
    ctx.set('Connection', 'close');
    ctx.body = fail(413, 'upload.error.tooLarge');
  }
};
