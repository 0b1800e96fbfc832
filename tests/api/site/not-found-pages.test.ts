import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../helpers/event-fixtures';
import { startServer, type TestServer } from '../helpers/strapi';

// Issue 58 §7 (decision 072): a page nobody has answers 404 with the venue's not-found screen (the
// index, whose router draws 'Pagina não encontrada'), not 200 ("soft 404", which crawlers index);
// the venue's pages (the adapter's VENUE_PAGES) stay 200.
let server: TestServer;
let eventId: number;
const INDEX =
  '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Plataforma</title></head><body><div id="root"></div></body></html>';
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'plataforma-venue-dist-'));

beforeAll(async () => {
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  server = await startServer('not-found-pages', { seed: false, env: { VENUE_DIST: dist } });
  eventId = await createEvent(server.strapi, { name: 'Congresso', published: true });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dist, { recursive: true, force: true });
});

const page = (url: string) => server.request().get(url).set('Accept', 'text/html,application/xhtml+xml');

describe('unknown pages answer 404 with the not-found screen (decision 072)', () => {
  it.each(['/nao-existe', '/plataforma', '/eventos/1/programa', '/termos/antigos', '/cmsx'])(
    '%s: 404, the venue’s page (its router shows the not-found screen)',
    async (url) => {
      const res = await page(url);
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.text).toContain('<div id="root"></div>');
      expect(res.text).toContain('<title>Plataforma</title>');
    },
  );

  it.each([
    '/',
    '/plataforma/1/hall-entrada',
    '/plataforma/1-congresso/estande/2-pfizer',
    '/cms/eventos',
    '/cms',
    '/eventos',
    '/cadastro',
    '/entrar',
    '/perfil',
    '/contato',
    '/termos',
    '/sobre',
    '/recuperar-senha',
    '/checkout/1',
    '/meus-pedidos',
    '/meus-pedidos/3',
    '/certificados',
    '/certificados/ABCD-1234',
  ])('%s: a page of the venue, 200', async (url) => {
    const res = await page(url);
    expect(res.status, url).toBe(200);
    expect(res.text, url).toContain('<div id="root"></div>');
  });

  it("an event's public page stays 200 with its tags", async () => {
    const res = await page(`/eventos/${eventId}-congresso`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('<title>Congresso · Plataforma de Eventos</title>');
  });

  it('leaves the server’s own 404s alone: the API’s envelope, a missing file, a client that wants no HTML', async () => {
    const api = await page('/api/site/v1/nao-existe');
    expect(api.status).toBe(404);
    expect(api.text).not.toContain('<div id="root">');
    const file = await page('/assets/nao-existe.js');
    expect(file.status).toBe(404);
    expect(file.text).not.toContain('<div id="root">');
    const json = await server.request().get('/nao-existe').set('Accept', 'application/json');
    expect(json.status).toBe(404);
    expect(json.text).not.toContain('<div id="root">');
  });
});
