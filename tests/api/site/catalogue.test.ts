import { dateInZone } from '@plataforma/adapter';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createClient } from '../helpers/accounts';
import { createEvent, createLecture, createRoom, insert } from '../helpers/event-fixtures';
import { sessionToken, startServer, type TestServer } from '../helpers/strapi';

// The public catalogue (issue 13): GET /api/site/v1/events with search, categoryId, when and
// paging; GET /events/featured; GET /categories; the programme's speakers on /lectures/event/:id.

let server: TestServer;
let medicine: number;
let law: number;
const ids: Record<string, number> = {};

/** A date `days` from today in the product's zone (YYYY-MM-DD). */
const fromToday = (days: number) => dateInZone(Date.now() + days * 86_400_000);

const get = (url: string) => server.request().get(`/api/site/v1${url}`);
const names = (body: { data: { rows: Array<{ name: string }> } }) => body.data.rows.map((row) => row.name);

beforeAll(async () => {
  server = await startServer('site-catalogue', { seed: false });
  const { strapi } = server;
  medicine = await insert(strapi, 'api::category.category', { name: 'Medicina' });
  law = await insert(strapi, 'api::category.category', { name: 'Direito' });
  const event = (name: string, data: Record<string, unknown>) =>
    createEvent(strapi, { name, published: true, category: medicine, ...data }).then((id) => (ids[name] = id));
  await event('Congresso Passado', { startDate: fromToday(-30), endDate: fromToday(-28) });
  await event('Jornada de Ontem', { startDate: fromToday(-1), endDate: null });
  await event('Simpósio em Curso', { startDate: fromToday(-1), endDate: fromToday(1), featured: true });
  await event('Fórum de Hoje', { startDate: fromToday(0), endDate: null, category: law });
  await event('Encontro Futuro', { startDate: fromToday(40), endDate: fromToday(42), featured: true, value: 100, discount: 80 });
  await event('Rascunho Futuro', { startDate: fromToday(40), published: false, featured: true });
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

describe('GET /api/site/v1/events (the public catalogue)', () => {
  it('lists published events only, by start date, with their count', async () => {
    const res = await get('/events');
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(['Congresso Passado', 'Jornada de Ontem', 'Simpósio em Curso', 'Fórum de Hoje', 'Encontro Futuro']);
    expect(res.body.data.count).toBe(5);
  });

  it('splits upcoming (running today or later) from past (last day before today)', async () => {
    expect(names((await get('/events?when=upcoming')).body)).toEqual(['Simpósio em Curso', 'Fórum de Hoje', 'Encontro Futuro']);
    expect(names((await get('/events?when=past&order=startDate:desc')).body)).toEqual(['Jornada de Ontem', 'Congresso Passado']);
  });

  it('filters by category, searches by name, pages, and combines them', async () => {
    expect(names((await get(`/events?categoryId=${law}`)).body)).toEqual(['Fórum de Hoje']);
    expect(names((await get(`/events?categoryId=${medicine}&when=upcoming&search=encontro`)).body)).toEqual(['Encontro Futuro']);
    const page = await get('/events?limit=2&offset=2');
    expect(names(page.body)).toEqual(['Simpósio em Curso', 'Fórum de Hoje']);
    expect(page.body.data.count).toBe(5);
    expect(names((await get('/events?search=rascunho')).body)).toEqual([]);
  });

  it('answers the price as the cards show it, and in dollars with foreign=1', async () => {
    const one = (await get(`/events?search=encontro`)).body.data.rows[0];
    expect(one).toMatchObject({ value: '100.00', discount: '80.00', hasDiscount: true, currency: 'R$', featured: 1 });
    const foreign = (await get(`/events?search=encontro&foreign=1`)).body.data.rows[0];
    expect(foreign.currency).toBe('$');
  });

  it('refuses an unknown when, a bad or unknown category, and leaves the catalogue as it was', async () => {
    for (const url of ['/events?when=soon', '/events?when[]=past', '/events?categoryId=abc']) {
      const res = await get(url);
      expect(res.status, url).toBe(400);
      expect(res.body.msg).toBe('api.error.invalidFilter');
    }
    const unknown = await get('/events?categoryId=999999');
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('api.error.categoryNotFound');
    expect((await get('/events')).body.data.count).toBe(5);
  });
});

describe('GET /api/site/v1/events/featured', () => {
  it('lists the published featured events only (a featured draft stays hidden)', async () => {
    const res = await get('/events/featured');
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(['Simpósio em Curso', 'Encontro Futuro']);
  });

  it('does not take "featured" for an event id, and one event still reads by id', async () => {
    expect((await get(`/events/${ids['Encontro Futuro']}`)).body.data.name).toBe('Encontro Futuro');
    expect((await get(`/events/${ids['Rascunho Futuro']}`)).status).toBe(404);
  });
});

describe('GET /api/site/v1/categories', () => {
  it('lists the categories by name for the catalogue’s filter, read only', async () => {
    const res = await get('/categories');
    expect(res.status).toBe(200);
    expect(res.body.data.rows).toEqual([
      { id: law, name: 'Direito', description: null },
      { id: medicine, name: 'Medicina', description: null },
    ]);
    expect((await server.request().post('/api/site/v1/categories').send({ name: 'Nova' })).status).toBe(404);
    expect(await server.strapi.db.query('api::category.category').count({})).toBe(2);
  });
});

describe('GET /api/site/v1/lectures/event/:eventId (the event page’s programme)', () => {
  it('gives each lecture its speakers, by name', async () => {
    const { strapi } = server;
    const eventId = ids['Encontro Futuro'];
    const room = await createRoom(strapi, eventId, { name: 'Auditório' });
    const ana = await insert(strapi, 'api::speaker.speaker', { name: 'Dra. Ana Souza', event: eventId });
    const bruno = await insert(strapi, 'api::speaker.speaker', { name: 'Dr. Bruno Lima', event: eventId });
    await createLecture(strapi, room, { name: 'Abertura', startDate: fromToday(40), speakers: [ana, bruno] });
    await createLecture(strapi, room, { name: 'Encerramento', startDate: fromToday(42) });
    const res = await get(`/lectures/event/${eventId}`);
    expect(res.status).toBe(200);
    expect(
      res.body.data.rows.map((row: { name: string; speakers: Array<{ name: string }> }) => [row.name, row.speakers.map((s) => s.name)]),
    ).toEqual([
      ['Abertura', ['Dr. Bruno Lima', 'Dra. Ana Souza']],
      ['Encerramento', []],
    ]);
    expect(res.body.data.rows[0].room).toEqual({ id: room, name: 'Auditório', eventId });
  });
});

describe('GET /api/site/v1/events/me (the profile’s “Meus eventos”)', () => {
  it('lists the published events the client entered, latest first, to a full login only', async () => {
    const { strapi } = server;
    const client = await createClient(strapi);
    const token = await sessionToken(server, 'client', client.id);
    const view = (eventId: number) =>
      server
        .request()
        .post('/api/site/v1/page-views')
        .set('Authorization', `Bearer ${token}`)
        .send({ path: `/plataforma/${eventId}/hall-entrada`, eventId });
    for (const name of ['Congresso Passado', 'Encontro Futuro', 'Rascunho Futuro']) expect((await view(ids[name])).status).toBe(202);
    const mine = await server.request().get('/api/site/v1/events/me').set('Authorization', `Bearer ${token}`);
    expect(mine.status).toBe(200);
    expect(names(mine.body)).toEqual(['Encontro Futuro', 'Congresso Passado']);
    expect(mine.body.data.count).toBe(2);

    const other = await sessionToken(server, 'client', (await createClient(strapi)).id);
    expect(names((await server.request().get('/api/site/v1/events/me').set('Authorization', `Bearer ${other}`)).body)).toEqual([]);
    expect((await server.request().get('/api/site/v1/events/me')).status).toBe(401);
    const { createSession } = createRequire(__filename)(
      path.resolve(__dirname, '../../../cms/dist/src/auth/sessions'),
    ) as typeof import('../../../cms/src/auth/sessions');
    const soft = (await createSession(strapi, { audience: 'client', accountId: client.id, soft: true })).token;
    expect((await server.request().get('/api/site/v1/events/me').set('Authorization', `Bearer ${soft}`)).status).toBe(403);
  });
});
