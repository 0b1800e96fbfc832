import type { z } from 'zod';
import { ApiError, ok } from '../envelope';
import type { MessageKey } from '../messages';
import { guarded } from './guard';
import type { Logger, RouteConfig, RouteContext, RouteDef } from './types';

/** What a handler answers: the envelope's data with its message key and status. */
export interface Reply {
  data: unknown;
  msg: MessageKey;
  status: number;
}

/** An answer of `data` ('api.ok', 200 unless told). */
export const reply = (data: unknown, msg: MessageKey = 'api.ok', status = 200): Reply => ({ data, msg, status });

/** A 201 answer of what was created. */
export const created = (data: unknown, msg: MessageKey = 'api.created'): Reply => reply(data, msg, 201);

/**
 * The body checked against a schema, or ApiError 400: `api.error.invalidBody`, or the key
 * `invalid` names for the issues found (e.g. an unknown login type).
 */
/** Whether a parsed body holds U+FFFD anywhere (in a value or a key), the mark of bytes that were not UTF-8. */
export const hasReplacementCharacter = (value: unknown, depth = 0): boolean => {
  if (typeof value === 'string') return value.includes('\uFFFD');
  if (depth > 20 || typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some((item) => hasReplacementCharacter(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\uFFFD') || hasReplacementCharacter(item, depth + 1));
};

/**
 * Whether a value holds a NUL character (U+0000) in any string, key or value, down to `depth`
 * levels: PostgreSQL cannot store one in a text column (`invalid byte sequence … 0x00`), SQLite
 * would, and no form types one. The edge refuses it with 400 on both databases (issue 47).
 */
export const hasNul = (value: unknown, depth = 0): boolean => {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some((item) => hasNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || hasNul(item, depth + 1));
};

export const parseBody = <S extends z.ZodType>(
  schema: S,
  body: unknown,
  invalid?: (issues: readonly z.core.$ZodIssue[]) => MessageKey,
): z.infer<S> => {
  // Bytes that were not UTF-8 reach here as U+FFFD (the body parser replaces them): refuse them
  // rather than store a garbled text nobody typed.
  if (hasReplacementCharacter(body)) throw new ApiError(400, 'api.error.invalidBody');
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) throw new ApiError(400, invalid?.(parsed.error.issues) ?? 'api.error.invalidBody');
  return parsed.data;
};

type BodyOf<S> = S extends z.ZodType ? z.infer<S> : undefined;

export interface RouteSpec<S extends z.ZodType | undefined = undefined> {
  method: RouteDef['method'];
  path: string;
  /** Who may call it (public, or the roles of a strategy scope). */
  config: RouteConfig;
  /** The body's schema: a body that does not match answers 400 before the handler runs. */
  body?: S;
  /** The largest multipart body the route takes, in bytes (see `RouteDef.allowMultipart`); absent: none. */
  allowMultipart?: () => number;
  /** The message key of a body that does not match; `api.error.invalidBody` by default. */
  invalid?: (issues: readonly z.core.$ZodIssue[]) => MessageKey;
  /**
   * Answers with a Reply (written as the `{data, msg, status}` envelope), or writes the
   * context itself and returns nothing (a redirect, a 304). Throw an ApiError to fail.
   */
  handler: (ctx: RouteContext, body: BodyOf<S>) => Promise<Reply | void>;
}

/**
 * The one way to write a custom route: the body parsed and checked, the answer wrapped in
 * the envelope, and every failure answered as an envelope with a message key.
 */
export const defineRoute = <S extends z.ZodType | undefined = undefined>(spec: RouteSpec<S>, logger?: Logger): RouteDef => ({
  method: spec.method,
  path: spec.path,
  config: spec.config,
  ...(spec.allowMultipart ? { allowMultipart: spec.allowMultipart } : {}),
  handler: guarded(async (ctx) => {
    const body = (spec.body ? parseBody(spec.body, ctx.request.body, spec.invalid) : undefined) as BodyOf<S>;
    const answer = await spec.handler(ctx, body);
    if (!answer) return;
    ctx.status = answer.status;
    ctx.body = ok(answer.data, answer.msg, answer.status);
  }, logger),
});
