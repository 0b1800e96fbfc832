import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/strapi';

// The stock content API with a read-only API token (issue 20): content answers, accounts,
// sessions, codes, logs, page views, contacts, chats, orders and coupons have no route, and no
// populate reaches a person's data.
let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startServer('content-api');
  token = (
    (await server.strapi.service('admin::api-token').create({ name: 'leitura', type: 'read-only', lifespan: null, description: '' })) as {
      accessKey: string;
    }
  ).accessKey;
});

afterAll(async () => {
  await server?.stop();
});

const get = (url: string) => server.request().get(url).set('Authorization', `Bearer ${token}`);

const CONTENT = ['events', 'rooms', 'lectures', 'stands', 'medias', 'sponsors', 'products', 'speakers', 'categories'];
const INTERNAL = [
  'sessions',
  'sms-challenges',
  'import-jobs',
  'logs',
  'staff-users',
  'clients',
  'page-views',
  'watch-sessions',
  'stand-events',
  'certificates',
  'contacts',
  'chats',
  'chat-messages',
  'orders',
  'order-items',
  'payments',
  'stand-attendants',
  'coupons',
];

describe('the content API with a read-only token', () => {
  it('serves the content', async () => {
    for (const type of CONTENT) {
      const res = await get(`/api/${type}`);
      expect(res.status, type).toBe(200);
    }
    expect((await get('/api/events')).body.data.length).toBeGreaterThan(0);
  });

  it('has no route to accounts, sessions, codes, logs, page views, contacts, chats, orders or coupons', async () => {
    for (const type of INTERNAL) {
      const res = await get(`/api/${type}`);
      expect([403, 404], `${type}: ${res.status}`).toContain(res.status);
    }
  });

  it('lets no populate reach a person', async () => {
    const staff = (await server.strapi.db.query('api::staff-user.staff-user').findMany({ select: ['email'] })) as Array<{ email: string }>;
    const clients = (await server.strapi.db.query('api::client.client').findMany({ select: ['email'] })) as Array<{ email: string }>;
    const emails = [...staff, ...clients].map((row) => row.email);
    expect(emails.length).toBeGreaterThan(0);
    const urls = [
      '/api/stands?populate=*',
      '/api/stands?populate[attendants][populate]=*',
      '/api/events?populate=*',
      '/api/lectures?populate=*',
      '/api/rooms?populate=*',
    ];
    const answers = await Promise.all(urls.map((url) => get(url)));
    for (const [i, res] of answers.entries()) {
      const text = JSON.stringify(res.body);
      for (const email of emails) expect(text, urls[i]).not.toContain(email);
      expect(text).not.toMatch(/"(cpf|password|jti|codeHash)"/);
    }
  });

  it('hides sessions, SMS codes, import jobs, watch sessions, stand events and the unused users-permissions User from the Content Manager and the builder', () => {
    for (const uid of [
      'api::session.session',
      'api::sms-challenge.sms-challenge',
      'api::import-job.import-job',
      'api::watch-session.watch-session',
      'api::stand-event.stand-event',
      'api::certificate.certificate',
      'plugin::users-permissions.user',
    ] as const) {
      const options = server.strapi.contentType(uid).pluginOptions as Record<string, { visible?: boolean }>;
      expect(options['content-manager']?.visible, uid).toBe(false);
      expect(options['content-type-builder']?.visible, uid).toBe(false);
    }
  });
});
