import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, PASSWORD, type TestAccount } from '../helpers/accounts';
import { sessionToken, startServer, type TestServer } from '../helpers/strapi';

// Rate limits, the resend lock, a configurable code length, the Twilio sender against a
// local fake gateway, and 503 (never 401) when the database cannot be reached.
let server: TestServer;
let gateway: http.Server;
const received: Array<{ auth: string; body: URLSearchParams; url: string }> = [];
let admin: TestAccount;

beforeAll(async () => {
  gateway = http.createServer((req, res) => {
    let data = '';
    req.on('data', (chunk) => (data += chunk));
    req.on('end', () => {
      received.push({ auth: req.headers.authorization ?? '', body: new URLSearchParams(data), url: req.url ?? '' });
      res.writeHead(201, { 'Content-Type': 'application/json' }).end('{"sid":"SM1"}');
    });
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  const port = (gateway.address() as AddressInfo).port;
  server = await startServer('auth-limits', {
    seed: false,
    env: {
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC123',
      TWILIO_AUTH_TOKEN: 'segredo',
      TWILIO_FROM: '+5511999990000',
      TWILIO_API_URL: `http://127.0.0.1:${port}`,
      SMS_CODE_LENGTH: '6',
      SMS_RESEND_SECONDS: '30',
      AUTH_RATE_LIMIT_ACCOUNT_PER_MINUTE: '4',
      AUTH_RATE_LIMIT_IP_PER_MINUTE: '1000',
      BCRYPT_COST: '4',
    },
  });
  admin = await createStaff(server.strapi, { role: 'admin' });
});

afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => gateway.close(resolve));
});

const login = (email: string, password = PASSWORD) => server.request().post('/auth/login').send({ email, password, type: 'user' });

describe('SMS through the HTTP gateway', () => {
  it('posts the message to Twilio with basic auth, and the code has SMS_CODE_LENGTH digits', async () => {
    const res = await login(admin.email);
    expect(res.status).toBe(200);
    const sent = received.pop();
    expect(sent?.url).toBe('/2010-04-01/Accounts/AC123/Messages.json');
    expect(sent?.auth).toBe(`Basic ${Buffer.from('AC123:segredo').toString('base64')}`);
    expect(sent?.body.get('To')).toBe(admin.e164);
    expect(sent?.body.get('From')).toBe('+5511999990000');
    expect(sent?.body.get('Body')).toMatch(/código de acesso é \d{6}\./);
  });

  it('locks a new code for 30 seconds and says how long is left', async () => {
    const res = await login(admin.email);
    expect(res.status).toBe(429);
    expect(res.body.msg).toBe('auth.error.smsTooSoon');
    const seconds = Number(res.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(30);
    expect(res.body.data).toEqual({ retryIn: seconds });
  });
});

describe("a stranger's recovery never holds the owner's login back (issue 18)", () => {
  it('sends the login code right after a recovery code: the two are waited for and capped apart', async () => {
    const owner = await createStaff(server.strapi, { role: 'attendant' });
    const before = received.length;
    const recovery = await server.request().post('/auth/password/recovery').send({ email: owner.email, type: 'user' });
    expect(recovery.status).toBe(200);
    expect(received.length).toBe(before + 1);
    // Before: 429 smsTooSoon for 30 s (and SMS_MAX_PER_HOUR recoveries kept the owner out for an hour).
    const res = await login(owner.email);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(received.length).toBe(before + 2);
  });
});

describe('rate limits', () => {
  it('limits each account on every /auth call with 429 and Retry-After', async () => {
    const victim = await createStaff(server.strapi, { role: 'attendant' });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await login(victim.email, 'errada')).status);
    expect(statuses).toEqual([400, 400, 400, 400, 429, 429]);
    const limited = await login(victim.email, 'errada');
    expect(limited.body.msg).toBe('api.error.tooManyRequests');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another account from the same address is not affected.
    expect((await login('outra@exemplo.com.br', 'errada')).status).toBe(400);
  });
});

describe('database unreachable', () => {
  it('answers 503 with a message key, never 401', async () => {
    const token = await sessionToken(server, 'staff', admin.id);
    const db = server.strapi.db as unknown as { query: (uid: string) => unknown };
    const original = db.query;
    db.query = () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    };
    try {
      const me = await server.request().get('/api/cms/v1/users/me').set('Authorization', `Bearer ${token}`);
      expect(me.status).toBe(503);
      expect(me.body).toEqual({ data: null, msg: 'api.error.unavailable', status: 503 });
      const auth = await server.request().post('/auth/soft/login').send({ email: 'x@exemplo.com.br' });
      expect(auth.status).toBe(503);
    } finally {
      db.query = original;
    }
    expect((await server.request().get('/api/cms/v1/users/me').set('Authorization', `Bearer ${token}`)).status).toBe(200);
  });
});
