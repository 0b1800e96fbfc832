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

/** A parse error of formidable: a numeric internal `code` and the HTTP status it means. */
const formidableError = (error: unknown): { httpCode: number; message: string } | null => {
  if (typeof error !== 'object' || error === null) return null;
  const { code, httpCode, message } = error as { code?: unknown; httpCode?: unknown; message?: unknown };
  return typeof code === 'number' && typeof httpCode === 'number' ? { httpCode, message: String(message ?? '') } : null;
};

/**
 * Just before `strapi::body`, on the product's paths: a multipart body whose files pass the
 * largest upload limit (cut off by formidable while streaming, answered 413 by Strapi in its
 * own error shape) answers the envelope with `upload.error.tooLarge`; a malformed multipart
 * body answers 400 `api.error.invalidBody` rather than a 500. Other paths (/admin's Media
 * Library) keep Strapi's answers.
 */
export default () => async (ctx: MultipartContext, next: () => Promise<void>) => {
  if (!isProductPath(ctx.path) || !ctx.is('multipart')) return next();
  try {
    await next();
  } catch (error) {
    const parse = formidableError(error);
    if (!parse) throw error;
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
