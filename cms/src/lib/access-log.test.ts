import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import accessLog, { quietAccessLog } from './access-log';

// Decision 059: Strapi's access line, word for word, except for a request marked quiet.
type Factory = (config: unknown, options: { strapi: never }) => (ctx: unknown, next: () => Promise<void>) => Promise<void>;
const load = createRequire(__filename);
const strapiCore = path.dirname(load.resolve('@strapi/core/package.json'));
const { logger: strapiLogger } = load(path.join(strapiCore, 'dist/middlewares/logger.js')) as { logger: Factory };

const linesOf = async (factory: Factory, quiet: boolean) => {
  const lines: string[] = [];
  const strapi = { log: { http: (line: string) => lines.push(line) } } as never;
  const ctx = { method: 'GET', url: '/api/site/v1/stands?eventId=1', status: 404, state: {} as Record<PropertyKey, unknown> };
  await factory(undefined, { strapi })(ctx, async () => {
    ctx.status = 200;
    if (quiet) ctx.state[quietAccessLog] = true;
  });
  return lines.map((line) => line.replace(/\(\d+ ms\)/, '(N ms)'));
};

describe('the access log', () => {
  it("writes Strapi's own line", async () => {
    expect(await linesOf(accessLog as Factory, false)).toEqual(await linesOf(strapiLogger, false));
    expect(await linesOf(accessLog as Factory, false)).toEqual(['GET /api/site/v1/stands?eventId=1 (N ms) 200']);
  });

  it('writes nothing for a request marked quiet', async () => {
    expect(await linesOf(accessLog as Factory, true)).toEqual([]);
  });
});
