import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createStaff, type TestAccount } from '../helpers/accounts';
import { sessionToken, startServer, type TestServer } from '../helpers/strapi';

// /api/cms/v1/pages/:page: the back office's editor of the terms of use and 'about us' (admin).
// It reads a page (empty before it was ever written), writes it through the document service
// under the same rules as the Content Manager, with one activity-log line naming the staff user,
// and the site's route shows the new text at once.
let server: TestServer;
let admin: TestAccount;
let tokens: Record<'admin' | 'attendant' | 'client', string>;

const cms = (method: 'get' | 'put', page: string, who: keyof typeof tokens | null = 'admin') => {
  const req = server.request()[method](`/api/cms/v1/pages/${page}`);
  return who ? req.set('Authorization', `Bearer ${tokens[who]}`) : req;
};
const site = (page: string) => server.request().get(`/api/site/v1/pages/${page}`);

interface LogRow {
  action: string;
  description: string;
  email: string | null;
  username: string | null;
  staffUser: { id: number } | null;
}
const pageLogs = async () =>
  (await server.strapi.db.query('api::log.log').findMany({
    where: { action: { $startsWith: 'pages.' } },
    select: ['action', 'description', 'email', 'username'],
    populate: { staffUser: { select: ['id'] } },
    orderBy: { id: 'asc' },
  })) as LogRow[];

const body = [
  { type: 'heading', level: 2, children: [{ type: 'text', text: 'Quem somos' }] },
  {
    type: 'paragraph',
    children: [
      { type: 'text', text: 'Uma plataforma de ' },
      { type: 'text', text: 'eventos virtuais', bold: true },
      { type: 'text', text: '. Veja os ' },
      { type: 'link', url: '/termos', children: [{ type: 'text', text: 'termos de uso' }] },
      { type: 'text', text: '.' },
    ],
  },
  {
    type: 'list',
    format: 'unordered',
    children: [
      { type: 'list-item', children: [{ type: 'text', text: 'Congressos' }] },
      { type: 'list', format: 'ordered', indentLevel: 1, children: [{ type: 'list-item', children: [{ type: 'text', text: 'Salas' }] }] },
    ],
  },
  { type: 'code', language: 'plaintext', children: [{ type: 'text', text: 'npm start' }] },
];

beforeAll(async () => {
  server = await startServer('site-pages-editor', { seed: false });
  admin = await createStaff(server.strapi, { role: 'admin', email: 'editora.site@exemplo.com.br' });
  const attendant = await createStaff(server.strapi, { role: 'attendant' });
  const client = await createClient(server.strapi);
  tokens = {
    admin: await sessionToken(server, 'staff', admin.id),
    attendant: await sessionToken(server, 'staff', attendant.id),
    client: await sessionToken(server, 'client', client.id),
  };
});

afterAll(async () => {
  await server?.stop();
});

describe('/api/cms/v1/pages/:page', () => {
  it('reads a page that was never written as an empty one, so the editor can write its first version', async () => {
    for (const page of ['terms', 'about']) {
      const res = await cms('get', page);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toEqual({ page, title: '', body: [], updatedAt: null });
      expect((await site(page)).status).toBe(404);
    }
  });

  it('writes a page: the answer, the site at once, one log line with the admin as its author', async () => {
    const saved = await cms('put', 'about').send({ title: '  Sobre nós  ', body });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.msg).toBe('api.updated');
    expect(saved.body.data).toMatchObject({ page: 'about', title: 'Sobre nós', body, updatedAt: expect.any(String) });
    expect(await cms('get', 'about').then((res) => res.body.data)).toEqual(saved.body.data);

    const shown = await site('about');
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({ page: 'about', title: 'Sobre nós', body });
    expect(shown.headers['cache-control']).toBe('public, no-cache');

    const logs = await pageLogs();
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ action: 'pages.create', email: admin.email, username: 'Pessoa admin', staffUser: { id: admin.id } });
    expect(logs[0].description).toMatch(/^Criou página sobre nós nº \d+\.$/);
    // Only the stored row: a single type keeps one.
    expect(await server.strapi.db.query('api::about-page.about-page').count({})).toBe(1);
  });

  it('changes a written page: the site revalidates and shows the change at once, one more log line', async () => {
    const before = await site('about');
    const etag = before.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect((await site('about').set('If-None-Match', etag)).status).toBe(304);

    const changed = [...body, { type: 'paragraph', children: [{ type: 'text', text: 'Um parágrafo novo.' }] }];
    const saved = await cms('put', 'about').send({ title: 'Sobre a plataforma', body: changed });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const after = await site('about').set('If-None-Match', etag);
    expect(after.status).toBe(200);
    expect(after.body.data).toMatchObject({ title: 'Sobre a plataforma', body: changed });
    expect(after.headers.etag).not.toBe(etag);

    const logs = await pageLogs();
    expect(logs.map((log) => log.action)).toEqual(['pages.create', 'pages.update']);
    expect(logs[1]).toMatchObject({ email: admin.email, staffUser: { id: admin.id } });
    expect(logs[1].description).toMatch(/^Alterou página sobre nós nº \d+\.$/);
    expect(await server.strapi.db.query('api::about-page.about-page').count({})).toBe(1);
  });

  it('refuses a node the editor cannot make, an empty title or no body, and stores nothing', async () => {
    const stored = (await site('about')).body.data;
    for (const bad of [
      { title: 'Sobre nós', body: [{ type: 'html', value: '<script>alert(1)</script>' }] },
      { title: 'Sobre nós', body: [{ type: 'paragraph', children: [{ type: 'raw', text: '<b>x</b>' }] }] },
      { title: '   ', body },
      { title: 'Sobre nós' },
    ]) {
      const res = await cms('put', 'about').send(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.msg).toBe('api.error.invalidBody');
    }
    // The terms were never written: a refused first write leaves them unwritten.
    expect((await cms('put', 'terms').send({ title: 'Termos', body: [{ type: 'html', value: '<b>' }] })).status).toBe(400);
    expect((await site('about')).body.data).toEqual(stored);
    expect((await site('terms')).status).toBe(404);
    expect(await server.strapi.db.query('api::terms-page.terms-page').count({})).toBe(0);
    expect(await pageLogs()).toHaveLength(2);
  });

  it('is for admins only: an attendant is refused (403), a visitor or a client token is not signed in (401)', async () => {
    for (const method of ['get', 'put'] as const) {
      const asAttendant = await cms(method, 'about', 'attendant').send({ title: 'Invadido', body: [] });
      expect(asAttendant.status, method).toBe(403);
      for (const who of [null, 'client'] as const) {
        const res = await cms(method, 'about', who).send({ title: 'Invadido', body: [] });
        expect(res.status, `${method} as ${who}`).toBe(401);
      }
    }
    expect((await site('about')).body.data.title).toBe('Sobre a plataforma');
  });

  it('answers 404 for a page that does not exist', async () => {
    for (const page of ['privacidade', 'terms-page', '..%2Fterms']) {
      expect((await cms('get', page)).status, page).toBe(404);
      const res = await cms('put', page).send({ title: 'Página', body: [] });
      expect(res.status, page).toBe(404);
      expect(res.body.msg).toBe('api.error.notFound');
    }
  });
});
