import { ApiError, fail } from '@plataforma/adapter';
import { isProductPath } from '../http/paths';

interface MultipartContext {
  path: string;
  status: number;
  body: unknown;
  is(...types: string[]): string | false | null;
  set(field: string, value: string): void;
}

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
 * Just before `strapi::body`, on the product's paths: a multipart body whose files pass the
 * largest upload limit (cut off by formidable while streaming, answered 413 by Strapi in its
 * own error shape) answers the envelope with `upload.error.tooLarge`; a malformed multipart
 * body, or one the client abandoned (a cancelled upload), answers 400 `api.error.invalidBody`
 * rather than a logged 500. Other paths (/admin's Media Library) keep Strapi's answers.
 */
export default () => async (ctx: MultipartContext, next: () => Promise<void>) => {
  if (!isProductPath(ctx.path) || !ctx.is('multipart')) return next();
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
