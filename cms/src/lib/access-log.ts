import type { Core } from '@strapi/strapi';

/**
 * `strapi::logger` (Strapi 5.54, `@strapi/core/dist/middlewares/logger.js`) with one exception
 * (decision 059): a request a middleware marked with `quietAccessLog` is not written one line
 * each. The lecture heartbeats it accepts come by the thousand a second at a congress; a line
 * each (winston, and a synchronous write to stdout) was the largest single cost left on their
 * path, and told nothing one by one. They are counted instead, a line a minute (heartbeat.ts).
 * Every other request keeps Strapi's line, word for word.
 */
export const quietAccessLog = Symbol('quietAccessLog');

interface LoggedContext {
  method: string;
  url: string;
  status: number;
  state: Record<PropertyKey, unknown>;
}

export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) =>
  async (ctx: LoggedContext, next: () => Promise<void>) => {
    const start = Date.now();
    await next();
    if (ctx.state[quietAccessLog]) return;
    const delta = Math.ceil(Date.now() - start);
    strapi.log.http(`${ctx.method} ${ctx.url} (${delta} ms) ${ctx.status}`);
  };
