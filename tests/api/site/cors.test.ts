import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/strapi';

// CORS answers only the configured origins (it reflected any Origin, `null` included, with credentials).
let server: TestServer;
const PARTNER = 'https://parceiro.exemplo.com.br';

beforeAll(async () => {
  server = await startServer('cors', { seed: false, env: { CORS_ORIGINS: PARTNER } });
});

afterAll(async () => {
  await server?.stop();
});

const from = (origin: string) => server.request().get('/api/site/v1/events/featured').set('Origin', origin);

describe('CORS', () => {
  it('lets a configured origin read answers with credentials', async () => {
    const res = await from(PARTNER);
    expect(res.headers['access-control-allow-origin']).toBe(PARTNER);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
  });

  it('gives any other origin, and null, no CORS headers', async () => {
    for (const origin of ['https://malicioso.exemplo.net', 'null']) {
      const res = await from(origin);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    }
    const preflight = await server
      .request()
      .options('/api/site/v1/clients/me')
      .set('Origin', 'https://malicioso.exemplo.net')
      .set('Access-Control-Request-Method', 'PUT');
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });
});
