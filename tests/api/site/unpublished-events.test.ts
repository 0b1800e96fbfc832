import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createLecture, createRoom, insert } from '../helpers/event-fixtures';
import { startServer, type TestServer } from '../helpers/strapi';

// Issue 16 §3: the site's public reads answer 404 for everything of an event that is not published,
// with the same key as a row that does not exist; once the event is published they answer 200.
let server: TestServer;
const ids = { event: 0, stand: 0, room: 0, sponsor: 0, media: 0, product: 0, lecture: 0, speaker: 0 };

beforeAll(async () => {
  server = await startServer('site-unpublished-events', { seed: false });
  const strapi = server.strapi;
  ids.event = await createEvent(strapi, { published: false, endDate: '2026-05-11' });
  ids.stand = await insert(strapi, 'api::stand.stand', { name: 'Vitalis', type: 'master', event: ids.event });
  ids.room = await createRoom(strapi, ids.event);
  ids.sponsor = await insert(strapi, 'api::sponsor.sponsor', { name: 'Patrocinador', type: 'master', event: ids.event });
  ids.media = await insert(strapi, 'api::media.media', { title: 'Folheto', type: 'DOCUMENT', stand: ids.stand });
  ids.product = await insert(strapi, 'api::product.product', { title: 'Monitor', stand: ids.stand });
  ids.speaker = await insert(strapi, 'api::speaker.speaker', { name: 'Dra. Ana', event: ids.event });
  ids.lecture = await createLecture(strapi, ids.room, { speakers: [ids.speaker] });
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

/** Each site read of the event's content (`:name` stands for the row's id), and the key it answers for a row that does not exist. */
const reads: Array<[string, string]> = [
  ['/api/site/v1/stands/:stand', 'api.error.standNotFound'],
  ['/api/site/v1/stands?eventId=:event', 'api.error.eventNotFound'],
  ['/api/site/v1/rooms/:room', 'api.error.roomNotFound'],
  ['/api/site/v1/rooms?eventId=:event', 'api.error.eventNotFound'],
  ['/api/site/v1/rooms/:room/schedule', 'api.error.roomNotFound'],
  ['/api/site/v1/sponsors/:sponsor', 'api.error.notFound'],
  ['/api/site/v1/sponsors?eventId=:event', 'api.error.eventNotFound'],
  ['/api/site/v1/medias/:media', 'api.error.notFound'],
  ['/api/site/v1/medias?standId=:stand', 'api.error.standNotFound'],
  ['/api/site/v1/products/:product', 'api.error.notFound'],
  ['/api/site/v1/products?standId=:stand', 'api.error.standNotFound'],
  ['/api/site/v1/speakers?eventId=:event', 'api.error.eventNotFound'],
  ['/api/site/v1/lectures/:lecture', 'api.error.lectureNotFound'],
  ['/api/site/v1/lectures/me?roomId=:room', 'api.error.roomNotFound'],
  ['/api/site/v1/lectures/event/:event', 'api.error.eventNotFound'],
  ['/api/site/v1/events/:event', 'api.error.eventNotFound'],
];

const urlOf = (template: string) => template.replace(/:(\w+)/g, (_, name: keyof typeof ids) => String(ids[name]));

describe('site reads of an unpublished event', () => {
  it.each(reads)('GET %s answers 404 %s', async (template, key) => {
    const url = urlOf(template);
    const res = await server.request().get(url);
    expect({ url, status: res.status, msg: res.body?.msg }).toEqual({ url, status: 404, msg: key });
  });

  it('answers the same 404 body as a row that does not exist', async () => {
    const hidden = await server.request().get(`/api/site/v1/stands/${ids.stand}`);
    const missing = await server.request().get('/api/site/v1/stands/999999');
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual(missing.body);
  });
});

describe('the same reads once the event is published', () => {
  beforeAll(async () => {
    await server.strapi.db.query('api::event.event').update({ where: { id: ids.event }, data: { published: true } });
  });

  it.each(reads)('GET %s answers 200', async (template) => {
    const url = urlOf(template);
    const res = await server.request().get(url);
    expect({ url, status: res.status, msg: res.body?.msg }).toEqual({ url, status: 200, msg: 'api.ok' });
    const data = res.body.data as { rows?: unknown[]; count?: number } | unknown[];
    if (Array.isArray(data)) expect(data.length).toBeGreaterThan(0);
    else if (data && typeof data === 'object' && 'rows' in data) expect(data.count).toBeGreaterThan(0);
  });
});
