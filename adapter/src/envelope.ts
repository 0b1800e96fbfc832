import { z } from 'zod';
import type { MessageKey } from './messages';

/** Every answer of the product's API: `{ data, msg, status }`. */
export interface Envelope<T> {
  data: T;
  msg: MessageKey;
  status: number;
}

/** Every list answer carries the page's rows and the total count of matches. */
export interface ListResult<T> {
  rows: T[];
  count: number;
}

export const envelopeSchema = <T extends z.ZodType>(data: T) => z.object({ data, msg: z.string(), status: z.number().int() });

export const listSchema = <T extends z.ZodType>(row: T) => z.object({ rows: z.array(row), count: z.number().int().nonnegative() });

export const ok = <T>(data: T, msg: MessageKey = 'api.ok', status = 200): Envelope<T> => ({
  data,
  msg,
  status,
});

export const fail = <T = null>(status: number, msg: MessageKey, data: T = null as T): Envelope<T> => ({
  data,
  msg,
  status,
});

/**
 * An error that carries the HTTP status and message key to answer with. Thrown by
 * validation and handlers; the server's envelope guard turns it into a response.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly msg: MessageKey;
  readonly headers: Record<string, string>;
  /** Sent as the envelope's data (e.g. the seconds left before a retry); null otherwise. */
  readonly data: unknown;

  constructor(status: number, msg: MessageKey, headers: Record<string, string> = {}, data: unknown = null) {
    super(msg);
    this.name = 'ApiError';
    this.status = status;
    this.msg = msg;
    this.headers = headers;
    this.data = data;
  }
}

export const isApiError = (error: unknown): error is ApiError =>
  error instanceof ApiError ||
  (typeof error === 'object' &&
    error !== null &&
    (error as { name?: unknown }).name === 'ApiError' &&
    typeof (error as { status?: unknown }).status === 'number' &&
    typeof (error as { msg?: unknown }).msg === 'string');
