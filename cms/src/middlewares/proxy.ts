import type { IncomingMessage } from 'node:http';
import { FORWARDED_HEADERS, peerAddress } from '../lib/proxy';
import { settings } from '../lib/settings';

/** Drops X-Forwarded-* headers that did not come from a trusted proxy (TRUST_PROXY), before anything reads them. */
export default () => {
  const trusted = new Set(settings().server.trustedProxies);
  return async (ctx: { req: IncomingMessage }, next: () => Promise<void>) => {
    if (!trusted.has(peerAddress(ctx.req.socket.remoteAddress))) {
      for (const header of FORWARDED_HEADERS) delete ctx.req.headers[header];
    }
    await next();
  };
};
