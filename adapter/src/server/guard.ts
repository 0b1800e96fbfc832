import { ApiError, fail, isApiError } from '../envelope';
import type { ContextLike, Handler, Logger } from './types';

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EPIPE',
  // PostgreSQL: admin shutdown, crash shutdown, cannot connect now, too many connections
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08001',
  '08003',
  '08006',
  'SQLITE_BUSY',
  'SQLITE_CANTOPEN',
]);

/** True when the error means the database (or another backing service) cannot be reached. */
export const isUnavailableError = (error: unknown): boolean => {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  if (typeof message === 'string') {
    return /Timeout acquiring a connection|Connection terminated|connect ECONNREFUSED|database system is (shutting down|starting up)|Client has encountered a connection error/i.test(
      message,
    );
  }
  return false;
};

/** True when the database refused a duplicate value of a unique column. */
export const isUniqueViolation = (error: unknown): boolean => {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    (typeof message === 'string' && /UNIQUE constraint failed|duplicate key value/i.test(message))
  );
};

/** Writes an ApiError (or any failure) as the `{data, msg, status}` envelope: never a stack trace. */
export const answerError = (ctx: ContextLike, error: unknown, logger?: Logger): void => {
  let apiError: ApiError;
  if (isApiError(error)) apiError = error;
  else if (isUniqueViolation(error)) apiError = new ApiError(409, 'api.error.conflict');
  else if (isUnavailableError(error)) apiError = new ApiError(503, 'api.error.unavailable', { 'Retry-After': '5' });
  else {
    const status = typeof (error as { status?: unknown })?.status === 'number' ? (error as { status: number }).status : 500;
    if (status === 413) apiError = new ApiError(413, 'api.error.payloadTooLarge');
    else if (status === 400) apiError = new ApiError(400, 'api.error.invalidBody');
    else {
      apiError = new ApiError(500, 'api.error.internal');
      logger?.error(`[api] ${ctx.method} ${ctx.path} failed`, error);
    }
  }
  for (const [name, value] of Object.entries(apiError.headers)) ctx.set(name, value);
  ctx.status = apiError.status;
  ctx.body = fail(apiError.status, apiError.msg, apiError.data ?? null);
};

/** Wraps a handler so every failure answers as an envelope with a message key. */
export const guarded =
  (handler: Handler, logger?: Logger): Handler =>
  async (ctx) => {
    try {
      await handler(ctx);
    } catch (error) {
      answerError(ctx, error, logger);
    }
  };
