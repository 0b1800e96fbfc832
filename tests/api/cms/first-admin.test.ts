import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/strapi';

// Without STRAPI_ADMIN_* a development start creates /admin's first administrator itself and
// writes its password to the git-ignored env file: registration is never left open.
let server: TestServer;
const cmsDir = path.resolve(__dirname, '../../../cms');

beforeAll(async () => {
  delete process.env.STRAPI_ADMIN_EMAIL;
  delete process.env.STRAPI_ADMIN_PASSWORD;
  server = await startServer('first-admin', { seed: false });
});

afterAll(async () => {
  await server?.stop();
});

const generated = () => {
  const text = fs.readFileSync(process.env.SECRETS_FILE as string, 'utf8');
  const value = (name: string) => text.match(new RegExp(`^${name}=(.*)$`, 'm'))?.[1];
  return { email: value('STRAPI_ADMIN_EMAIL'), password: value('STRAPI_ADMIN_PASSWORD') };
};

describe('first administrator, development start without the variables', () => {
  it('is generated, written to the env file, and can sign in to /admin', async () => {
    const admin = generated();
    expect(admin.email).toBe('admin@localhost.localdomain');
    expect(admin.password).toMatch(/^.{8,}$/);
    const res = await server.request().post('/admin/login').send(admin);
    expect(res.status).toBe(200);
    expect(res.body.data.token).toEqual(expect.any(String));
  });

  it('leaves registration closed', async () => {
    const res = await server
      .request()
      .post('/admin/register-admin')
      .send({ firstname: 'Quem', lastname: 'Chegar', email: 'primeiro@exemplo.com', password: 'Primeiro#2026' });
    expect(res.status).not.toBe(200);
    expect(await server.strapi.db.query('admin::user').count()).toBe(1);
  });

  it('does nothing on a later start, whatever the environment says', async () => {
    const { ensureFirstAdmin } = createRequire(__filename)(
      path.join(cmsDir, 'dist/src/lib/first-admin'),
    ) as typeof import('../../../cms/src/lib/first-admin');
    await ensureFirstAdmin(server.strapi, { NODE_ENV: 'production' });
    await ensureFirstAdmin(server.strapi, { STRAPI_ADMIN_EMAIL: 'outro@exemplo.com', STRAPI_ADMIN_PASSWORD: 'Outro#Admin2026' });
    expect(await server.strapi.db.query('admin::user').count()).toBe(1);
  });
});
