import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushPageViews, startServer, type TestServer } from '../helpers/strapi';

// Site reads against fixtures written here (no demo seed): envelope, paging, search
// and order done in SQL, and every bad input answered 400/404 with a message key.
let server: TestServer;
let eventId: number;
let hiddenEventId: number;
let standIds: number[];

const names = ['Alfa Saúde', 'Beta Diagnósticos', 'Gama Farma', 'alfa cardio', 'Delta 100% Digital', 'Épsilon_Lab'];

beforeAll(async () => {
  server = await startServer('site-validation', { seed: false });
  const db = server.strapi.db;
  const category = await db.query('api::category.category').create({ data: { name: 'Congressos' } });
  const event = await db.query('api::event.event').create({
    data: {
      name: 'Congresso Teste',
      description: 'Descrição',
      startDate: '2020-11-12',
      startTime: '08:00:00.000',
      value: 150,
      discount: 30,
      exchange: 5.25,
      published: true,
      status: 'open',
      category: category.id,
      messagingLink: 'https://wa.me/5511999990000',
      goldMeetingLink: 'https://meet.exemplo.com.br/ouro',
    },
  });
  const hidden = await db.query('api::event.event').create({
    data: { name: 'Rascunho', description: 'x', startDate: '2020-11-12', startTime: '08:00:00.000', published: false },
  });
  eventId = event.id;
  hiddenEventId = hidden.id;
  standIds = [];
  for (const [index, name] of names.entries()) {
    const stand = await db.query('api::stand.stand').create({
      data: { name, subtitle: `Subtítulo ${index}`, type: index < 2 ? 'master' : 'bronze', position: index + 1, event: eventId },
    });
    standIds.push(stand.id);
  }
  await db.query('api::stand.stand').create({ data: { name: 'Outro evento', type: 'bronze', event: hiddenEventId } });
  for (let n = 1; n <= 7; n += 1) {
    await db.query('api::room.room').create({ data: { name: `Sala ${n}`, number: n, event: eventId } });
  }
  await db.query('api::media.media').create({ data: { title: 'Vídeo', type: 'VIDEO', stand: standIds[0] } });
  for (const [position, [name, type]] of [
    ['Patrocinador Master', 'master'],
    ['Apoio', 'supporter'],
    ['Premium', 'premium'],
  ].entries()) {
    await db.query('api::sponsor.sponsor').create({ data: { name, type, position, link: 'https://exemplo.com.br', event: eventId } });
  }
  await db.query('api::media.media').create({ data: { title: 'Sem tipo', stand: standIds[0] } });
});

afterAll(async () => {
  await server?.stop();
});

describe('GET /api/site/v1/events/:id', () => {
  it('answers the event with derived prices in the envelope', async () => {
    const res = await server.request().get(`/api/site/v1/events/${eventId}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 200,
      msg: 'api.ok',
      data: {
        id: eventId,
        name: 'Congresso Teste',
        value: '150.00',
        discount: '30.00',
        discountValue: '120.00',
        hasDiscount: true,
        currency: 'R$',
        startDate: '2020-11-12',
        startTime: '08:00:00',
        formattedStartDate: '12/11/2020',
        formattedStartTime: '08:00',
        published: 1,
        featured: 0,
        status: 'open',
        category: { name: 'Congressos' },
        venue: {
          messagingLink: 'https://wa.me/5511999990000',
          goldMeetingLink: 'https://meet.exemplo.com.br/ouro',
          posterSiteLink: null,
          mapPdf: null,
        },
      },
    });
  });

  it('converts by the exchange rate in the foreign variant', async () => {
    const res = await server.request().get(`/api/site/v1/events/${eventId}?foreign=1`);
    expect(res.body.data).toMatchObject({ value: '28.57', discount: '5.71', discountValue: '22.86', currency: '$' });
  });

  it('hides unpublished and unknown events, and rejects a non-numeric id', async () => {
    for (const id of [hiddenEventId, 99999]) {
      const res = await server.request().get(`/api/site/v1/events/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ data: null, msg: 'api.error.eventNotFound', status: 404 });
    }
    const bad = await server.request().get('/api/site/v1/events/abc');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ data: null, msg: 'api.error.invalidId', status: 400 });
  });
});

describe('GET /api/site/v1/stands', () => {
  it('lists the stands of an event with rows and count, ordered by position', async () => {
    const res = await server.request().get(`/api/site/v1/stands?eventId=${eventId}`);
    expect(res.status).toBe(200);
    expect(res.body.data.count).toBe(names.length);
    expect(res.body.data.rows.map((r: { name: string }) => r.name)).toEqual(names);
    expect(res.body.data.rows[0]).toMatchObject({ eventId, type: 'master', subtitle: 'Subtítulo 0', image: null, instagram: null });
  });

  it('pages with limit and offset, the count staying the total', async () => {
    const res = await server.request().get(`/api/site/v1/stands?eventId=${eventId}&limit=2&offset=2&order=position:asc`);
    expect(res.body.data.count).toBe(names.length);
    expect(res.body.data.rows.map((r: { position: number }) => r.position)).toEqual([3, 4]);
  });

  it('searches case-insensitively, trimmed, in name and subtitle', async () => {
    const res = await server.request().get(`/api/site/v1/stands?eventId=${eventId}&search=%20%20ALFA%20&order=name:asc`);
    expect(res.body.data.count).toBe(2);
    const bySubtitle = await server.request().get(`/api/site/v1/stands?eventId=${eventId}&search=${encodeURIComponent('Subtítulo 3')}`);
    expect(bySubtitle.body.data.rows.map((r: { name: string }) => r.name)).toEqual(['alfa cardio']);
  });

  it('treats % and _ in a search as plain characters', async () => {
    const percent = await server.request().get(`/api/site/v1/stands?eventId=${eventId}&search=${encodeURIComponent('100%')}`);
    expect(percent.status).toBe(200);
    expect(percent.body.data.rows.map((r: { name: string }) => r.name)).toEqual(['Delta 100% Digital']);
    const underscore = await server.request().get(`/api/site/v1/stands?eventId=${eventId}&search=_`);
    expect(underscore.body.data.rows.map((r: { name: string }) => r.name)).toEqual(['Épsilon_Lab']);
  });

  it('orders by an allowed field in either direction', async () => {
    const res = await server.request().get(`/api/site/v1/stands?eventId=${eventId}&order=position:desc&limit=3`);
    expect(res.body.data.rows.map((r: { position: number }) => r.position)).toEqual([6, 5, 4]);
  });

  it.each([
    ['limit=0', 400, 'api.error.invalidLimit'],
    ['limit=1000', 400, 'api.error.invalidLimit'],
    ['limit=abc', 400, 'api.error.invalidLimit'],
    ['offset=-1', 400, 'api.error.invalidOffset'],
    ['order=password:asc', 400, 'api.error.invalidOrder'],
    ['order=name:up', 400, 'api.error.invalidOrder'],
    ['search[$ne]=x', 400, 'api.error.invalidSearch'],
  ])('answers %s with %i %s', async (query, status, msg) => {
    const res = await server.request().get(`/api/site/v1/stands?eventId=${eventId}&${query}`);
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ data: null, msg, status });
  });

  it('needs a valid eventId of a published event', async () => {
    const missing = await server.request().get('/api/site/v1/stands');
    expect(missing.body).toEqual({ data: null, msg: 'api.error.invalidFilter', status: 400 });
    const bad = await server.request().get('/api/site/v1/stands?eventId=1x');
    expect(bad.body).toEqual({ data: null, msg: 'api.error.invalidFilter', status: 400 });
    for (const id of [99999, hiddenEventId]) {
      const unknown = await server.request().get(`/api/site/v1/stands?eventId=${id}`);
      expect(unknown.status).toBe(404);
      expect(unknown.body.msg).toBe('api.error.eventNotFound');
    }
  });

  it('gets one stand, 404 for an unknown one', async () => {
    const res = await server.request().get(`/api/site/v1/stands/${standIds[1]}`);
    expect(res.body.data).toMatchObject({ id: standIds[1], name: 'Beta Diagnósticos', eventId });
    const unknown = await server.request().get('/api/site/v1/stands/99999');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ data: null, msg: 'api.error.standNotFound', status: 404 });
  });
});

describe('rooms and medias', () => {
  it('pages rooms by offset and limit in number order', async () => {
    const res = await server.request().get(`/api/site/v1/rooms?eventId=${eventId}&offset=5&limit=6`);
    expect(res.body.data.count).toBe(7);
    expect(res.body.data.rows.map((r: { number: number }) => r.number)).toEqual([6, 7]);
  });

  it('lists the medias of a stand, a missing type counting as an image', async () => {
    const res = await server.request().get(`/api/site/v1/medias?standId=${standIds[0]}`);
    expect(res.body.data.rows.map((r: { title: string; type: string }) => [r.title, r.type])).toEqual([
      ['Vídeo', 'VIDEO'],
      ['Sem tipo', 'IMAGE'],
    ]);
    const unknown = await server.request().get('/api/site/v1/medias?standId=99999');
    expect(unknown.body.msg).toBe('api.error.standNotFound');
  });
});

describe('sponsors', () => {
  it('lists the sponsors of an event in position order with their type', async () => {
    const res = await server.request().get(`/api/site/v1/sponsors?eventId=${eventId}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      count: 3,
      rows: [
        expect.objectContaining({ name: 'Patrocinador Master', type: 'master', eventId, image: null, link: 'https://exemplo.com.br' }),
        expect.objectContaining({ name: 'Apoio', type: 'supporter' }),
        expect.objectContaining({ name: 'Premium', type: 'premium' }),
      ],
    });
    const byType = await server.request().get(`/api/site/v1/sponsors?eventId=${eventId}&order=type:asc`);
    expect(byType.body.data.rows.map((r: { type: string }) => r.type)).toEqual(['master', 'premium', 'supporter']);
  });
});

describe('envelope on every product path', () => {
  it('answers unknown routes with a message key', async () => {
    const res = await server.request().get('/api/site/v1/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ data: null, msg: 'api.error.routeNotFound', status: 404 });
  });

  it('answers malformed JSON with 400 and no stack trace', async () => {
    const res = await server.request().post('/api/site/v1/page-views').set('Content-Type', 'application/json').send('{"path":');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ data: null, msg: 'api.error.invalidBody', status: 400 });
    expect(res.text).not.toMatch(/at .*\.js/);
  });
});

describe('POST /api/site/v1/page-views', () => {
  it('stores the navigation', async () => {
    const res = await server
      .request()
      .post('/api/site/v1/page-views')
      .send({ path: '/plataforma/1/hall-entrada', eventId, language: 'pt' });
    // Accepted at once and written with the next batch (decision 038).
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      status: 202,
      msg: 'pageView.recorded',
      data: { id: null, path: '/plataforma/1/hall-entrada', eventId },
    });
    await flushPageViews(server);
    const row = await server.strapi.db
      .query('api::page-view.page-view')
      .findOne({ where: { path: '/plataforma/1/hall-entrada' }, populate: { event: true } });
    expect(row).toMatchObject({ path: '/plataforma/1/hall-entrada', language: 'pt', event: { id: eventId } });
  });

  it('rejects a path that is not a path', async () => {
    const res = await server.request().post('/api/site/v1/page-views').send({ path: 'javascript:alert(1)' });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('api.error.invalidBody');
  });
});
