import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/strapi';

// The site's written pages (issue 13): terms of use and 'about us', a Strapi single type each,
// written in the stock Content Manager under the product's rules and log, read by the site.
let server: TestServer;
let adminToken = '';
const ADMIN = { email: 'editora.paginas@exemplo.com.br', password: 'Senha#Forte2026' };
const TERMS = 'api::terms-page.terms-page';

const body = [
  { type: 'heading', level: 2, children: [{ type: 'text', text: 'Sua conta' }] },
  {
    type: 'paragraph',
    children: [
      { type: 'text', text: 'Guarde a sua senha. ', bold: true },
      { type: 'link', url: 'https://exemplo.com.br/lgpd', children: [{ type: 'text', text: 'LGPD' }] },
    ],
  },
];

const write = (uid: string, data: Record<string, unknown>) =>
  server.request().put(`/content-manager/single-types/${uid}`).set('Authorization', `Bearer ${adminToken}`).send(data);

beforeAll(async () => {
  server = await startServer('site-pages', {
    seed: false,
    env: { STRAPI_ADMIN_EMAIL: ADMIN.email, STRAPI_ADMIN_PASSWORD: ADMIN.password },
  });
  const login = await server.request().post('/admin/login').send(ADMIN);
  expect(login.status).toBe(200);
  adminToken = login.body.data.token;
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

describe('GET /api/site/v1/pages/:page', () => {
  it('answers 404 before a page is written, and for a page that does not exist', async () => {
    for (const url of ['/api/site/v1/pages/terms', '/api/site/v1/pages/about', '/api/site/v1/pages/privacidade']) {
      const res = await server.request().get(url);
      expect(res.status, url).toBe(404);
      expect(res.body.msg).toBe('api.error.notFound');
    }
  });

  it('serves what an admin wrote in the Content Manager, and logs the change with its author', async () => {
    const saved = await write(TERMS, { title: 'Termos de uso', body });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const res = await server.request().get('/api/site/v1/pages/terms');
    expect(res.status).toBe(200);
    // Revalidated on every read: a change shows at once, an unchanged page answers 304.
    expect(res.headers['cache-control']).toBe('public, no-cache');
    expect((await server.request().get('/api/site/v1/pages/terms').set('If-None-Match', res.headers.etag)).status).toBe(304);
    expect(res.body.data).toMatchObject({ page: 'terms', title: 'Termos de uso', body, updatedAt: expect.any(String) });
    const logs = (await server.strapi.db
      .query('api::log.log')
      .findMany({ where: { action: { $startsWith: 'pages.' } }, select: ['action', 'description', 'email'] })) as Array<{
      action: string;
      description: string;
      email: string | null;
    }>;
    expect(logs).toHaveLength(1);
    expect(logs[0].description).toMatch(/^Criou página de termos de uso nº \d+ \(pelo Content Manager\)\.$/);
    expect(logs[0].email).toBe(ADMIN.email);
  });

  it('refuses a body that is not the editor’s blocks, or no title, and keeps the page as it was', async () => {
    for (const bad of [
      { title: 'Termos', body: [{ type: 'html', value: '<script>alert(1)</script>' }] },
      { title: '   ', body },
    ]) {
      const res = await write(TERMS, bad);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
    }
    expect((await server.request().get('/api/site/v1/pages/terms')).body.data).toMatchObject({ title: 'Termos de uso', body });
  });
});
