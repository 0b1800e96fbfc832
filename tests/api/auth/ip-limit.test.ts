import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/strapi';

// AUTH_RATE_LIMIT_IP_PER_MINUTE counts each /auth request once per IP (it counted twice: half the
// configured limit was what a visitor got).
let server: TestServer;

beforeAll(async () => {
  server = await startServer('auth-ip-limit', {
    seed: false,
    env: { AUTH_RATE_LIMIT_IP_PER_MINUTE: '6', AUTH_RATE_LIMIT_ACCOUNT_PER_MINUTE: '1000' },
  });
});

afterAll(async () => {
  await server?.stop();
});

describe('the per-IP limit of /auth', () => {
  it('lets exactly the configured number of requests a minute through, then answers 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const res = await server
        .request()
        .post('/auth/soft/login')
        .send({ email: `visitante${i}@exemplo.com.br` });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 6).every((status) => status !== 429)).toBe(true);
    expect(statuses.slice(6)).toEqual([429, 429]);
  });
});
