import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Core } from '@strapi/strapi';
import { ApiError, ok, SITE_PREFIX, watchHeartbeatInputSchema, watchPaths } from '@plataforma/adapter';
import { answerError, parseBody, type ContextLike } from '@plataforma/adapter/server';
import { heartbeatIntake } from '../analytics/heartbeat-intake';
import { sessionMemoOf } from '../auth/session-memo';
import { identifyRemembered } from '../auth/strategy';
import { bearer } from '../auth/tokens';
import { FORWARDED_HEADERS, peerAddress } from '../lib/proxy';
import { securityHeaderList } from '../lib/security-headers';
import { settings } from '../lib/settings';
import { HSTS } from '../middlewares/hsts';

const PATH = `${SITE_PREFIX}${watchPaths.heartbeat}`;
/** A heartbeat's body is `{"lectureId":123}`: anything larger goes Koa's way. */
const MAX_BYTES = 4096;
/** The content types answered here: JSON, in UTF-8 when a charset is named (anything else goes to the route). */
const JSON_TYPE = /^application\/json[ \t]*(?:;[ \t]*charset[ \t]*=[ \t]*(?:"utf-?8"|utf-?8)[ \t]*)?$/i;

/** How many heartbeats this process answered here (the API tests check that the front ran). */
export const heartbeatFastPath = { answered: 0 };

/** How often the accepted heartbeats' count is written to the log (instead of a line each; decision 059). */
export const HEARTBEAT_LOG_EVERY_MS = 60_000;

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(new TextDecoder('utf-8').decode(Buffer.concat(chunks))));
    req.on('error', reject);
    req.on('aborted', () => reject(new ApiError(400, 'api.error.invalidBody')));
  });

/** The first value of a header that may be repeated or a comma-separated list (Koa's reading). */
const firstOf = (value: string | string[] | undefined): string => {
  const text = Array.isArray(value) ? value[0] : value;
  return text ? (text.split(/\s*,\s*/, 1)[0] ?? '') : '';
};

/**
 * The answer of one heartbeat, in the shape `answerError` writes to (a Koa context, structurally):
 * its status, body and headers, sent at once by `send`.
 */
class Answer implements ContextLike {
  method = 'POST';
  path = PATH;
  params = {};
  query = {};
  request = {};
  ip = '';
  state = {};
  status = 404;
  body: unknown = null;
  readonly headers: [string, string][] = [];
  set(field: string, value: string) {
    this.headers.push([field, value]);
  }
  get(): string {
    return '';
  }
}

/**
 * POST /api/site/v1/watch/heartbeat answered on the HTTP server, before Koa (decision 064; the
 * same checks and answers as decisions 055 and 061 made in a middleware). A playing lecture posts
 * one every 30 s per visitor, so a congress sends them by the thousand a second; Koa's context,
 * Strapi's request context, the proxy check, the access log and the error handler cost more than
 * the heartbeat itself. Here: a same-origin request with a live client token (its session
 * remembered between heartbeats until a write may end it) and a small JSON body is checked and
 * accepted by the same intake as the route (analytics/heartbeat-intake.ts), with the same answers,
 * envelopes, headers, log lines and order of checks (token, body, limit, lecture). Everything else
 * — no token or a dead one (401 by the route), another origin (CORS), another content type or
 * charset, a body without a length or over 4 KB — goes on to Koa untouched, its body unread.
 *
 * What the middlewares before the route did for these answers is done here: the X-Forwarded-*
 * headers of an untrusted peer are not read (global::proxy), the origin is Koa's (its protocol
 * and host, through a trusted proxy's headers), every answer but an accepted heartbeat gets
 * Strapi's access line (strapi::logger; accepted ones are counted, decision 059), and the security
 * headers, HSTS over HTTPS and compression's Vary are set as on the route's answers.
 */
export const installHeartbeatFront = (strapi: Core.Strapi): void => {
  const server = strapi.server.httpServer as Server;
  const before = server.listeners('request') as Listener[];
  server.removeAllListeners('request');
  const passOn: Listener = (req, res) => {
    for (const listener of before) listener.call(server, req, res);
  };
  const front = heartbeatFront(strapi, passOn);
  server.on('request', front);
};

const heartbeatFront = (strapi: Core.Strapi, passOn: Listener): Listener => {
  const { trustedProxies } = settings().server;
  const trusted = new Set(trustedProxies);
  // Koa reads X-Forwarded-* only with `proxy` on (server.proxy.koa: a trusted proxy is configured),
  // and global::proxy drops them first unless the peer is one.
  const proxy = trustedProxies.length > 0;
  const memo = sessionMemoOf(strapi);
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

  // strapi::security's headers for this path, recorded once from its helmet.
  let security: readonly [string, string][] = [];
  const securityHeaders = async () => {
    if (security.length === 0) security = await securityHeaderList(strapi, { method: 'POST', path: PATH });
    return security;
  };

  const send = async (req: IncomingMessage, res: ServerResponse, answer: Answer, secure: boolean, started: number, vary: string) => {
    const json = JSON.stringify(answer.body);
    res.statusCode = answer.status;
    for (const [name, value] of await securityHeaders()) res.setHeader(name, value);
    if (secure) res.setHeader('Strict-Transport-Security', HSTS);
    for (const [name, value] of answer.headers) res.setHeader(name, value);
    res.setHeader('Vary', vary);
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Content-Length', Buffer.byteLength(json));
    res.end(json);
    if (answer.status === 202) counted(Date.now());
    else strapi.log.http(`POST ${req.url} (${Math.ceil(Date.now() - started)} ms) ${answer.status}`);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const started = Date.now();
    const headers = req.headers;
    const forwarded = proxy && trusted.has(peerAddress(req.socket.remoteAddress));
    if (!forwarded) for (const header of FORWARDED_HEADERS) delete headers[header];
    // Koa's protocol and host, so its origin.
    const encrypted = Boolean((req.socket as { encrypted?: boolean }).encrypted);
    const protocol = encrypted ? 'https' : (forwarded && firstOf(headers['x-forwarded-proto'])) || 'http';
    const host = (forwarded && firstOf(headers['x-forwarded-host'])) || firstOf(headers.host);
    const origin = headers.origin;
    if (origin && (!host || origin !== `${protocol}://${host}`)) return passOn(req, res);
    const length = Number(headers['content-length']);
    if (!Number.isInteger(length) || length < 1 || length > MAX_BYTES || headers['transfer-encoding'] !== undefined)
      return passOn(req, res);
    if (!JSON_TYPE.test(headers['content-type'] ?? '')) return passOn(req, res);
    const token = bearer(headers.authorization || undefined);
    if (!token) return passOn(req, res);
    const secure = protocol === 'https';
    const answer = new Answer();
    let auth: Awaited<ReturnType<typeof identifyRemembered>>;
    try {
      auth = await identifyRemembered(strapi, memo, token);
    } catch (error) {
      // The database unreachable: the route's answer (503 with Retry-After, else 500), as an envelope.
      answerError(answer, error, strapi.log);
      return await send(req, res, answer, secure, started, 'Accept-Encoding');
    }
    if (!auth.authenticated || auth.credentials?.kind !== 'client') return passOn(req, res);
    // From here on the body is read: every answer is this one's.
    heartbeatFastPath.answered += 1;
    try {
      let parsed: unknown;
      try {
        parsed = JSON.parse(await readBody(req));
      } catch {
        throw new ApiError(400, 'api.error.invalidBody');
      }
      const { lectureId } = parseBody(watchHeartbeatInputSchema, parsed);
      const accepted = await heartbeatIntake(strapi).accept(auth.credentials, lectureId);
      answer.status = accepted.status;
      answer.body = ok(accepted.data, accepted.msg, accepted.status);
    } catch (error) {
      answerError(answer, error, strapi.log);
    }
    await send(req, res, answer, secure, started, 'Accept-Encoding, Origin');
  };

  return (req, res) => {
    if (req.method !== 'POST' || (req.url !== PATH && !req.url?.startsWith(`${PATH}?`))) return passOn(req, res);
    handle(req, res).catch((error: unknown) => {
      // Only a fault of this code comes here: answered as Strapi's error handler would, if still possible.
      strapi.log.error(`[heartbeat] ${(error as Error)?.stack ?? String(error)}`);
      if (!res.headersSent) {
        res.statusCode = 500;
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        res.end(JSON.stringify({ data: null, msg: 'api.error.internal', status: 500 }));
      } else res.destroy();
    });
  };
};
