import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../helpers/accounts';
import { heartbeatFastPathAnswered, sessionToken, startServer, type TestServer } from '../helpers/strapi';

// TRUST_PROXY: the visitor's address and scheme are taken from X-Forwarded-* only when the peer
// is a configured proxy (supertest's peer is 127.0.0.1); HSTS only over HTTPS; no X-Powered-By.
let server: TestServer | undefined;

afterEach(async () => {
  await server?.stop();
  server = undefined;
});

const softLoginFrom = async (headers: Record<string, string>) => {
  const running = server as TestServer;
  const client = await createClient(running.strapi);
  const res = await running.request().post('/auth/soft/login').set(headers).send({ email: client.email });
  expect(res.status).toBe(200);
  const row = await running.strapi.db.query('api::session.session').findOne({ where: { client: client.id } });
  return { res, ip: String(row?.ip ?? '').replace(/^::ffff:/, '') };
};

const VISITOR = { 'X-Forwarded-For': '203.0.113.7', 'X-Forwarded-Proto': 'https' };

describe('behind a reverse proxy', () => {
  it('takes the visitor address and HTTPS from a trusted proxy', async () => {
    server = await startServer('proxy-trusted', { seed: false, env: { TRUST_PROXY: '127.0.0.1' } });
    const { res, ip } = await softLoginFrom({ 'X-Forwarded-For': '198.51.100.1, 203.0.113.7', 'X-Forwarded-Proto': 'https' });
    // One hop: the address the proxy appended, not what the visitor wrote before it.
    expect(ip).toBe('203.0.113.7');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    expect(res.headers['x-powered-by']).toBeUndefined();
    // The heartbeat's fast path answers before the HSTS middleware and sets it itself (decision 061).
    const client = await createClient(server.strapi);
    const token = await sessionToken(server, 'client', client.id);
    const answered = heartbeatFastPathAnswered();
    const beat = await server
      .request()
      .post('/api/site/v1/watch/heartbeat')
      .set({ ...VISITOR, Authorization: `Bearer ${token}` })
      .send({ lectureId: 999_999 });
    expect(beat.status).toBe(404);
    expect(heartbeatFastPathAnswered()).toBe(answered + 1);
    expect(beat.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    expect(beat.headers['content-security-policy']).toBe(res.headers['content-security-policy']);
    // Its origin is the proxy's (decision 064): a page of https://plataforma.test behind it is the same origin.
    const proxied = await server
      .request()
      .post('/api/site/v1/watch/heartbeat')
      .set({ ...VISITOR, Host: 'plataforma.test', Origin: 'https://plataforma.test', Authorization: `Bearer ${token}` })
      .send({ lectureId: 999_999 });
    expect(proxied.status).toBe(404);
    expect(heartbeatFastPathAnswered()).toBe(answered + 2);
  });

  it('ignores X-Forwarded-* from a peer that is not a configured proxy', async () => {
    server = await startServer('proxy-untrusted', { seed: false, env: { TRUST_PROXY: '10.9.9.9' } });
    const { res, ip } = await softLoginFrom(VISITOR);
    expect(ip).toBe('127.0.0.1');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    // The heartbeat answered before Koa reads them no more than Koa does (decision 064): no HSTS,
    // and a page of https://plataforma.test is another origin than the http:// one it reached.
    const client = await createClient(server.strapi);
    const token = await sessionToken(server, 'client', client.id);
    const answered = heartbeatFastPathAnswered();
    const beat = (origin?: string) =>
      (server as TestServer)
        .request()
        .post('/api/site/v1/watch/heartbeat')
        .set({ ...VISITOR, Host: 'plataforma.test', Authorization: `Bearer ${token}`, ...(origin ? { Origin: origin } : {}) })
        .send({ lectureId: 999_999 });
    const plain = await beat();
    expect(plain.status).toBe(404);
    expect(heartbeatFastPathAnswered()).toBe(answered + 1);
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect((await beat('https://plataforma.test')).status).toBe(404);
    expect(heartbeatFastPathAnswered()).toBe(answered + 1);
    expect((await beat('http://plataforma.test')).status).toBe(404);
    expect(heartbeatFastPathAnswered()).toBe(answered + 2);
  });

  it('trusts nobody by default, and sends no HSTS or X-Powered-By over plain HTTP', async () => {
    server = await startServer('proxy-off', { seed: false, env: { TRUST_PROXY: 'false' } });
    const { res, ip } = await softLoginFrom(VISITOR);
    expect(ip).toBe('127.0.0.1');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
    const page = await (server as TestServer).request().get('/api/site/v1/events/1');
    expect(page.headers['x-powered-by']).toBeUndefined();
  });
});
