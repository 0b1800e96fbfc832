import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createLecture, createRoom } from '../helpers/event-fixtures';
import { startServer, type TestServer } from '../helpers/strapi';

// Issue 16: API reads travel compressed, carry an ETag and a Cache-Control, and an unchanged one
// comes back as 304 without a body (a congress opening's thousands of programme reads).
let server: TestServer;
let eventId: number;
let firstLecture: number;
const programme = () => `/api/site/v1/lectures/event/${eventId}`;

beforeAll(async () => {
  server = await startServer('conditional-reads', { seed: false });
  eventId = await createEvent(server.strapi, { published: true });
  const room = await createRoom(server.strapi, eventId);
  for (let i = 1; i <= 12; i += 1) {
    const id = await createLecture(server.strapi, room, {
      name: `Palestra ${i}: avanços em terapia intensiva e ventilação mecânica`,
      startTime: `${String(7 + i).padStart(2, '0')}:00:00.000`,
      endTime: `${String(8 + i).padStart(2, '0')}:00:00.000`,
    });
    if (i === 1) firstLecture = id;
  }
});

afterAll(async () => {
  await server?.stop();
});

describe('conditional and compressed API reads (issue 16)', () => {
  it('compresses a JSON answer over 1 KB as the browser accepts, and says it varies by it', async () => {
    const gzip = await server.request().get(programme()).set('Accept-Encoding', 'gzip');
    expect(gzip.status).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/Accept-Encoding/);
    expect(gzip.body.data.rows).toHaveLength(12);
    const br = await server.request().get(programme()).set('Accept-Encoding', 'br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    const plain = await server.request().get(programme()).set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(plain.headers['content-length'])).toBeGreaterThan(1024);
    expect(plain.body).toEqual(gzip.body);
  });

  it('tags a read, answers 304 without a body while it is unchanged, and a new tag once it changes', async () => {
    const first = await server.request().get(programme());
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    expect(first.headers.vary).toMatch(/Authorization/);

    const again = await server.request().get(programme()).set('If-None-Match', etag);
    expect(again.status).toBe(304);
    expect(again.text ?? '').toBe('');
    expect(again.headers.etag).toBe(etag);

    await server.strapi.db.query('api::lecture.lecture').update({ where: { id: firstLecture }, data: { name: 'Palestra de abertura' } });
    const changed = await server.request().get(programme()).set('If-None-Match', etag);
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(JSON.stringify(changed.body)).toContain('Palestra de abertura');
  });

  it('keeps a read with a token to the browser, and tags no error', async () => {
    const withToken = await server.request().get(programme()).set('Authorization', 'Bearer x.y.z');
    if (withToken.status === 200) expect(withToken.headers['cache-control']).toBe('private, no-cache');
    const missing = await server.request().get('/api/site/v1/lectures/event/999999');
    expect(missing.status).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    expect(missing.body).toMatchObject({ status: 404, data: null });
  });
});
