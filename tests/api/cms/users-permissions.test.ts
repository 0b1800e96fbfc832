import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/strapi';

// users-permissions' own sign-up and accounts are not a way in (the product signs people in at
// /auth); the stock content API keeps working with an API token.
let server: TestServer;

beforeAll(async () => {
  server = await startServer('users-permissions');
});

afterAll(async () => {
  await server?.stop();
});

describe("users-permissions' routes", () => {
  it('offer no sign-up, login, password reset or user list', async () => {
    const register = await server
      .request()
      .post('/api/auth/local/register')
      .send({ username: 'intruso', email: 'intruso@exemplo.com', password: 'Intruso#2026' });
    // No such route: 404, or 405 where another method shares the path.
    expect([404, 405]).toContain(register.status);
    expect(await server.strapi.db.query('plugin::users-permissions.user').count()).toBe(0);
    expect([404, 405]).toContain((await server.request().post('/api/auth/local').send({ identifier: 'x@y.com', password: 'x' })).status);
    expect([404, 405]).toContain((await server.request().post('/api/auth/forgot-password').send({ email: 'x@y.com' })).status);
    expect([404, 405]).toContain((await server.request().get('/api/users')).status);
  });

  it('leave the stock content API working with an API token', async () => {
    const token = (await server.strapi
      .service('admin::api-token')
      .create({ name: 'leitura', type: 'read-only', lifespan: null, description: '' })) as { accessKey: string };
    const events = await server.request().get('/api/events').set('Authorization', `Bearer ${token.accessKey}`);
    expect(events.status).toBe(200);
    expect(events.body.data.length).toBeGreaterThan(0);
  });
});
