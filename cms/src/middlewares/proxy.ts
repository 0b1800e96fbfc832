import type { IncomingMessage } from 'node:http';
import { FORWARDED_HEADERS, peerAddress, trustedProxies } from '../lib/proxy';

/** Drops X-Forwarded-* headers that did not come from a trusted proxy (TRUST_PROXY), before anything reads them. */
export default () => {
  const trusted = new Set(trustedProxies(process.env.TRUST_PROXY));
  return async (ctx: { req: IncomingMessage }, next: () => Promise<void>) => {
    if (!trusted.has(peerAddress(ctx.req.socket.remoteAddress))) {
      for (const header of FORWARDED_HEADERS) delete ctx.req.headers[header];
    }
    await next();
  };
};
