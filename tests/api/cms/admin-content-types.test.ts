import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/strapi';

// Every content type of the product is listed and editable in the stock admin's
// Content Manager, with draft & publish off.
let server: TestServer;
let token: string;

const apiDir = path.resolve(__dirname, '../../../cms/src/api');
const uids = fs
  .readdirSync(apiDir)
  .filter((name) => fs.existsSync(path.join(apiDir, name, 'content-types', name, 'schema.json')))
  .map((name) => `api::${name}.${name}`);

const ADMIN = { email: 'ana.admin@exemplo.com.br', password: 'Senha#Forte2026' };

beforeAll(async () => {
  // /admin's first administrator comes from the environment on the first start.
  server = await startServer('admin-content-types', {
    seed: false,
    env: { STRAPI_ADMIN_EMAIL: ADMIN.email, STRAPI_ADMIN_PASSWORD: ADMIN.password },
  });
  const res = await server.request().post('/admin/login').send(ADMIN);
  expect(res.status).toBe(200);
  token = res.body.data.token;
});

describe('first administrator', () => {
  it('is created from the environment, so registration is never open on a running server', async () => {
    const res = await server
      .request()
      .post('/admin/register-admin')
      .send({ firstname: 'Intruso', lastname: 'X', email: 'intruso@exemplo.com', password: 'Intruso#2026' });
    expect(res.status).not.toBe(200);
    expect(res.body.data?.token).toBeUndefined();
    const admins = await server.strapi.db.query('admin::user').findMany({ select: ['email'] });
    expect(admins.map((admin: { email: string }) => admin.email)).toEqual([ADMIN.email]);
    const intruder = await server.request().post('/admin/login').send({ email: 'intruso@exemplo.com', password: 'Intruso#2026' });
    expect(intruder.status).toBe(400);
  });
});

afterAll(async () => {
  await server?.stop();
});

describe('stock admin', () => {
  it('knows every entity of the product', () => {
    expect(uids.length).toBeGreaterThanOrEqual(24);
    for (const name of [
      'event',
      'category',
      'room',
      'stand',
      'stand-attendant',
      'media',
      'product',
      'client',
      'staff-user',
      'log',
      'chat',
      'chat-message',
      'sponsor',
      'lecture',
      'speaker',
      'coupon',
      'contact',
      'order',
      'order-item',
      'payment',
      'page-view',
      'watch-session',
      'stand-event',
      'certificate',
      'session',
      'sms-challenge',
      'import-job',
    ]) {
      expect(uids).toContain(`api::${name}.${name}`);
    }
  });

  it('lists every content type in the Content Manager without draft & publish, displayed but sessions, SMS codes, import jobs, watch sessions and stand events (decisions 019, 047)', async () => {
    const res = await server.request().get('/content-manager/content-types').set('Authorization', `Bearer ${token}`);
    expect(res.status).toBe(200);
    const listed = res.body.data as Array<{ uid: string; isDisplayed: boolean; options?: { draftAndPublish?: boolean } }>;
    const hidden = [
      'api::session.session',
      'api::sms-challenge.sms-challenge',
      'api::import-job.import-job',
      // Analytics rows the product writes and the dashboards and certificates count (decision 047).
      'api::watch-session.watch-session',
      'api::stand-event.stand-event',
      // Attendance certificates: issued by the product only, never forged by hand (decision 050).
      'api::certificate.certificate',
      // E-mails and suppressed addresses: addresses, template data and confirmation links, read in 'E-mails' (decision 081).
      'api::email-message.email-message',
      'api::email-suppression.email-suppression',
    ];
    for (const uid of uids) {
      const type = listed.find((t) => t.uid === uid);
      expect(type, uid).toBeDefined();
      expect(type?.isDisplayed, uid).toBe(!hidden.includes(uid));
      expect(type?.options?.draftAndPublish ?? false, uid).toBe(false);
    }
  });

  it('creates and reads an entry through the Content Manager', async () => {
    const created = await server
      .request()
      .post('/content-manager/collection-types/api::category.category')
      .set('Authorization', `Bearer ${token}`)
      .send({ name: 'Congressos médicos', description: 'Criada pelo admin' });
    expect(created.status).toBe(201);
    const row = await server.strapi.db.query('api::category.category').findOne({ where: { name: 'Congressos médicos' } });
    expect(row).toMatchObject({ description: 'Criada pelo admin' });
  });

  it('never exposes password hashes through the stock content API', () => {
    for (const name of ['client', 'staff-user']) {
      const schema = JSON.parse(fs.readFileSync(path.join(apiDir, name, 'content-types', name, 'schema.json'), 'utf8'));
      expect(schema.attributes.password.private, name).toBe(true);
    }
  });
});
