import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/strapi';

// GET /api/site/v1/speakers?eventId= (the speakers' directory of an event, issue 17): list only.
let server: TestServer;
let eventId: number;
let hiddenEventId: number;
const lectureIds: Record<string, number> = {};

beforeAll(async () => {
  server = await startServer('site-speakers', { seed: false });
  const db = server.strapi.db;
  const eventData = { description: 'x', startDate: '2020-11-12', endDate: '2020-11-14', startTime: '08:00:00.000', status: 'open' };
  const event = await db.query('api::event.event').create({ data: { ...eventData, name: 'Congresso', published: true } });
  const hidden = await db.query('api::event.event').create({ data: { ...eventData, name: 'Rascunho', published: false } });
  const other = await db.query('api::event.event').create({ data: { ...eventData, name: 'Outro', published: true } });
  eventId = event.id;
  hiddenEventId = hidden.id;
  const room = await db.query('api::room.room').create({ data: { name: 'Sala 1', number: 1, event: eventId } });

  const speaker = (name: string, event: number, title?: string, description?: string) =>
    db.query('api::speaker.speaker').create({ data: { name, title, description, event } });
  const caio = await speaker('Dr. Caio Prado', eventId, 'Intensivista', 'Coordena a UTI do Hospital Central.');
  const ana = await speaker('Ana Lúcia', eventId, 'Enfermeira chefe');
  await speaker('Bruno Souza', eventId);
  await speaker('Zélia Hidden', hiddenEventId, 'Oculta');
  await speaker('Ana Outra', other.id, 'De outro evento');

  // Created out of order: the list answers them by day, then hour.
  const lectures = [
    ['Encerramento', '2020-11-14', '17:00:00.000', '18:00:00.000', [caio.id]],
    ['Sepse', '2020-11-12', '10:00:00.000', '11:00:00.000', [caio.id, ana.id]],
    ['Abertura', '2020-11-12', '08:00:00.000', '09:00:00.000', [caio.id]],
  ] as const;
  for (const [name, startDate, startTime, endTime, speakers] of lectures) {
    const lecture = await db
      .query('api::lecture.lecture')
      .create({ data: { name, startDate, startTime, endTime, room: room.id, speakers: [...speakers] } });
    lectureIds[name] = lecture.id;
  }
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const names = (body: { data: { rows: Array<{ name: string }> } }) => body.data.rows.map((row) => row.name);

describe('GET /api/site/v1/speakers', () => {
  it("lists an event's speakers in name order with their title, description, photo and lectures by day and hour", async () => {
    const res = await server.request().get(`/api/site/v1/speakers?eventId=${eventId}`);
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('api.ok');
    expect(res.body.data.count).toBe(3);
    expect(names(res.body)).toEqual(['Ana Lúcia', 'Bruno Souza', 'Dr. Caio Prado']);
    expect(res.body.data.rows[2]).toEqual({
      id: expect.any(Number),
      eventId,
      name: 'Dr. Caio Prado',
      title: 'Intensivista',
      description: 'Coordena a UTI do Hospital Central.',
      image: null,
      imageSources: [],
      lectures: [
        { id: lectureIds.Abertura, name: 'Abertura' },
        { id: lectureIds.Sepse, name: 'Sepse' },
        { id: lectureIds.Encerramento, name: 'Encerramento' },
      ],
    });
    expect(res.body.data.rows[0]).toMatchObject({ title: 'Enfermeira chefe', lectures: [{ id: lectureIds.Sepse, name: 'Sepse' }] });
    expect(res.body.data.rows[1]).toMatchObject({ title: null, description: null, image: null, lectures: [] });
  });

  it('searches by name and by title, and orders by name descending', async () => {
    const byName = await server.request().get(`/api/site/v1/speakers?eventId=${eventId}&search=caio`);
    expect(names(byName.body)).toEqual(['Dr. Caio Prado']);
    expect(byName.body.data.count).toBe(1);
    const byTitle = await server.request().get(`/api/site/v1/speakers?eventId=${eventId}&search=enfermeira`);
    expect(names(byTitle.body)).toEqual(['Ana Lúcia']);
    const none = await server.request().get(`/api/site/v1/speakers?eventId=${eventId}&search=ninguem`);
    expect(none.body.data).toEqual({ rows: [], count: 0 });
    const desc = await server.request().get(`/api/site/v1/speakers?eventId=${eventId}&order=name:desc`);
    expect(names(desc.body)).toEqual(['Dr. Caio Prado', 'Bruno Souza', 'Ana Lúcia']);
  });

  it('pages by limit and offset with the whole count', async () => {
    const first = await server.request().get(`/api/site/v1/speakers?eventId=${eventId}&limit=2`);
    expect(first.body.data.count).toBe(3);
    expect(names(first.body)).toEqual(['Ana Lúcia', 'Bruno Souza']);
    const second = await server.request().get(`/api/site/v1/speakers?eventId=${eventId}&limit=2&offset=2`);
    expect(second.body.data.count).toBe(3);
    expect(names(second.body)).toEqual(['Dr. Caio Prado']);
  });

  it('refuses a missing or bad event id with 400, and an unknown or unpublished event with 404', async () => {
    expect((await server.request().get('/api/site/v1/speakers')).body).toMatchObject({ data: null, status: 400 });
    expect((await server.request().get('/api/site/v1/speakers?eventId=abc')).body).toMatchObject({ data: null, status: 400 });
    const unknown = await server.request().get('/api/site/v1/speakers?eventId=999999');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ data: null, msg: 'api.error.eventNotFound', status: 404 });
    const hidden = await server.request().get(`/api/site/v1/speakers?eventId=${hiddenEventId}`);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual({ data: null, msg: 'api.error.eventNotFound', status: 404 });
  });

  it('keeps other events’ speakers out and has no read by id', async () => {
    const res = await server.request().get(`/api/site/v1/speakers?eventId=${eventId}&search=ana`);
    expect(names(res.body)).toEqual(['Ana Lúcia']);
    const byId = await server.request().get('/api/site/v1/speakers/1');
    expect(byId.status).toBe(404);
    expect(byId.body).toMatchObject({ data: null, msg: 'api.error.routeNotFound', status: 404 });
  });
});
