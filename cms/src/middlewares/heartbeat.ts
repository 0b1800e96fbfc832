import type { Core } from '@strapi/strapi';
import { ApiError, ok, SITE_PREFIX, watchHeartbeatInputSchema, watchPaths } from '@plataforma/adapter';
import { answerError, parseBody, type ContextLike } from '@plataforma/adapter/server';
import { heartbeatIntake } from '../analytics/heartbeat-intake';
import { quietAccessLog } from '../lib/access-log';
import { sessionMemoOf } from '../auth/session-memo';
import { identifyRemembered } from '../auth/strategy';
import { bearer } from '../auth/tokens';
import { securityHeaders } from '../lib/security-headers';
import { HSTS } from './hsts';

type Context = ContextLike & {
  origin: string;
  method: string;
  path: string;
  secure: boolean;
  set(field: string, value: string): void;
  state: Record<PropertyKey, unknown>;
  req: NodeJS.ReadableStream;
  request: { charset: string };
  get(field: string): string;
  is(type: string): string | false | null;
  vary(field: string): void;
};

const PATH = `${SITE_PREFIX}${watchPaths.heartbeat}`;
/** A heartbeat's body is `{"lectureId":123}`: anything larger goes the router's way. */
const MAX_BYTES = 4096;

/** How many heartbeats this process answered here (the API tests check that the fast path ran). */
export const heartbeatFastPath = { answered: 0 };

/** How often the accepted heartbeats' count is written to the log (instead of a line each; decision 059). */
export const HEARTBEAT_LOG_EVERY_MS = 60_000;

const readBody = (stream: NodeJS.ReadableStream): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(new TextDecoder('utf-8').decode(Buffer.concat(chunks))));
    stream.on('error', reject);
    stream.on('aborted', () => reject(new ApiError(400, 'api.error.invalidBody')));
  });

/**
 * POST /api/site/v1/watch/heartbeat answered before Strapi's router (decision 055). A playing
 * lecture posts one every 30 s per visitor, so a congress sends them by the thousand a second; the
 * router's way (CORS, the body parser, the session cookie, matching among every route, Strapi's
 * auth and policies) cost several times the heartbeat itself. Here: a same-origin request with a
 * live client token (its session remembered between heartbeats until a write may end it: decision
 * 061) and a small JSON body is checked and accepted by the same intake as the route
 * (analytics/heartbeat-intake.ts), with the same answers, envelopes and order of checks (token,
 * body, limit, lecture). Everything else — no token or a dead one (401 by the route), another
 * origin (CORS), another content type or charset, a body without a length or over 4 KB — goes on
 * to the route untouched. Sits right after the proxy check, the log and the error handler: the
 * security headers, HSTS and compression's Vary that come after it are set here on its own answers
 * (decision 061: passing over them, the bench's venue reads beside 2,000 heartbeats/s went ≈ 75 %
 * faster and the heartbeats' p99 ≈ 35 % lower).
 */
export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) => {
  // The accepted heartbeats since the last count written; written with the first one accepted a
  // minute or more after the window opened (no timer to stop with the server).
  const window = { since: Date.now(), accepted: 0 };
  const counted = (now: number) => {
    window.accepted += 1;
    if (now - window.since < HEARTBEAT_LOG_EVERY_MS) return;
    strapi.log.http(
      `POST ${PATH}: ${window.accepted} heartbeats accepted (202) in the last ${Math.round((now - window.since) / 1000)} s (counted, not logged one by one)`,
    );
    window.since = now;
    window.accepted = 0;
  };
  // Live sessions remembered between heartbeats until a write may end them (decision 061).
  const memo = sessionMemoOf(strapi);
  // What the middlewares after this one would have added to an answer of the route: the security
  // headers, HSTS over HTTPS, and compression's Vary (a heartbeat's answer is too small to compress).
  const answering = async (ctx: Context) => {
    await securityHeaders(strapi, ctx);
    if (ctx.secure) ctx.set('Strict-Transport-Security', HSTS);
    ctx.vary('Accept-Encoding');
  };
  return async (ctx: Context, next: () => Promise<void>) => {
    if (ctx.method !== 'POST' || ctx.path !== PATH) return next();
    const origin = ctx.get('origin');
    if (origin && origin !== ctx.origin) return next();
    const length = Number(ctx.get('content-length'));
    if (!Number.isInteger(length) || length < 1 || length > MAX_BYTES) return next();
    if (ctx.is('application/json') !== 'application/json') return next();
    const charset = ctx.request.charset;
    if (charset && charset.toLowerCase() !== 'utf-8' && charset.toLowerCase() !== 'utf8') return next();
    const token = bearer(ctx.get('authorization') || undefined);
    if (!token) return next();
    let auth: Awaited<ReturnType<typeof identifyRemembered>>;
    try {
      auth = await identifyRemembered(strapi, memo, token);
    } catch (error) {
      // The database unreachable: the route's answer (503 with Retry-After, else 500), as an envelope.
      await answering(ctx);
      answerError(ctx, error, strapi.log);
      return;
    }
    if (!auth.authenticated || auth.credentials?.kind !== 'client') return next();
    // From here on the body is read: every answer is this middleware's.
    await answering(ctx);
    ctx.vary('Origin');
    heartbeatFastPath.answered += 1;
    try {
      let parsed: unknown;
      try {
        parsed = JSON.parse(await readBody(ctx.req));
      } catch {
        throw new ApiError(400, 'api.error.invalidBody');
      }
      const { lectureId } = parseBody(watchHeartbeatInputSchema, parsed);
      const answer = await heartbeatIntake(strapi).accept(auth.credentials.id, lectureId);
      ctx.status = answer.status;
      ctx.body = ok(answer.data, answer.msg, answer.status);
      if (answer.status === 202) {
        ctx.state[quietAccessLog] = true;
        counted(Date.now());
      }
    } catch (error) {
      answerError(ctx, error, strapi.log);
    }
  };
};
