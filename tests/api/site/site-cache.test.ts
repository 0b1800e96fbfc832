import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../helpers/accounts';
import { createEvent, createRoom } from '../helpers/event-fixtures';
import { startServer, type TestServer } from '../helpers/strapi';

// Issue 16 §2, decision 044: the site's public reads are kept in memory a few seconds; every
// write this process makes to what they show empties them (the query engine's, a raw one), the
// writes an opening makes all the time (sessions, page views) do not.
let server: TestServer;
let eventId: number;
let roomId: number;
const rooms = () => `/api/site/v1/rooms?eventId=${eventId}&limit=20`;
const room = () => `/api/site/v1/rooms/${roomId}`;

beforeAll(async () => {
  server = await startServer('site-cache', { seed: false });
  eventId = await createEvent(server.strapi, { published: true });
  roomId = await createRoom(server.strapi, eventId, { name: 'Sala Alfa' });
  for (let i = 2; i <= 30; i += 1)
    await createRoom(server.strapi, eventId, { name: `Sala ${i} — cardiologia intervencionista`, number: i });
});

afterAll(async () => {
  await server?.stop();
});

const names = (body: { data: { rows: Array<{ name: string }> } }) => body.data.rows.map((row) => row.name);

describe('the public reads kept in memory (decision 044)', () => {
  it('answers the second read from memory with the same body and headers, compressed as asked, 304 when unchanged', async () => {
    const first = await server.request().get(rooms()).set('Accept-Encoding', 'gzip');
    expect(first.status).toBe(200);
    expect(first.headers['x-cache']).toBe('MISS');
    const again = await server.request().get(rooms()).set('Accept-Encoding', 'gzip');
    expect(again.headers['x-cache']).toBe('HIT');
    expect(again.body).toEqual(first.body);
    for (const header of ['etag', 'cache-control', 'vary', 'content-type', 'content-security-policy', 'x-content-type-options'])
      expect(again.headers[header], header).toBe(first.headers[header]);
    expect(again.headers['content-encoding']).toBe('gzip');

    // supertest decodes brotli and gzip itself: the same JSON whichever was sent.
    const br = await server.request().get(rooms()).set('Accept-Encoding', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body).toEqual(first.body);
    const plain = await server.request().get(rooms()).set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toEqual(first.body);

    const unchanged = await server
      .request()
      .get(rooms())
      .set('If-None-Match', first.headers.etag as string);
    expect(unchanged.status).toBe(304);
    expect(unchanged.headers['x-cache']).toBe('HIT');
  });

  it('keeps a read whose route sets its own Cache-Control and ETag (a room’s schedule), with them', async () => {
    const schedule = `/api/site/v1/rooms/${roomId}/schedule`;
    const first = await server.request().get(schedule);
    expect(first.status).toBe(200);
    expect(first.headers['x-cache']).toBe('MISS');
    const again = await server.request().get(schedule);
    expect(again.headers['x-cache']).toBe('HIT');
    expect(again.body).toEqual(first.body);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(
      (
        await server
          .request()
          .get(schedule)
          .set('If-None-Match', first.headers.etag as string)
      ).status,
    ).toBe(304);
  });

  it('reads again after a write through the query engine, a raw statement or a transaction', async () => {
    await server.request().get(room());
    expect((await server.request().get(room())).headers['x-cache']).toBe('HIT');

    await server.strapi.db.query('api::room.room').update({ where: { id: roomId }, data: { name: 'Sala Beta' } });
    const engine = await server.request().get(room());
    expect(engine.headers['x-cache']).toBe('MISS');
    expect(engine.body.data.name).toBe('Sala Beta');

    await server.strapi.db.connection('rooms').where({ id: roomId }).update({ name: 'Sala Gama' });
    expect((await server.request().get(room())).body.data.name).toBe('Sala Gama');

    await server.strapi.db.transaction(async ({ trx }) => {
      await server.strapi.db
        .connection('rooms')
        .where({ id: roomId })
        .update({ name: 'Sala Delta' })
        .transacting(trx as never);
    });
    expect((await server.request().get(room())).body.data.name).toBe('Sala Delta');
    expect(names((await server.request().get(rooms())).body)).toContain('Sala Delta');
  });

  it('answers 404 at once when the event is unpublished', async () => {
    expect((await server.request().get(room())).status).toBe(200);
    await server.strapi.db.query('api::event.event').update({ where: { id: eventId }, data: { published: false } });
    try {
      expect((await server.request().get(room())).status).toBe(404);
      expect((await server.request().get(rooms())).status).toBe(404);
    } finally {
      await server.strapi.db.query('api::event.event').update({ where: { id: eventId }, data: { published: true } });
    }
    expect((await server.request().get(room())).status).toBe(200);
  });

  it('keeps what it holds through an opening’s logins and page views, and keeps a read with a token apart', async () => {
    const client = await createClient(server.strapi);
    await server.request().get(room());
    const login = await server.request().post('/auth/soft/login').send({ email: client.email });
    expect(login.status).toBe(200);
    const token = login.body.data.token as string;
    const view = await server
      .request()
      .post('/api/site/v1/page-views')
      .set('Authorization', `Bearer ${token}`)
      .send({ path: '/plataforma/1-x/hall-entrada', eventId });
    expect(view.status).toBe(202);
    expect((await server.request().get(room())).headers['x-cache']).toBe('HIT');

    const signedIn = await server.request().get(room()).set('Authorization', `Bearer ${token}`);
    expect(signedIn.headers['x-cache']).toBe('MISS');
    expect(signedIn.headers['cache-control']).toBe('private, no-cache');
    const signedInAgain = await server.request().get(room()).set('Authorization', `Bearer ${token}`);
    expect(signedInAgain.headers['x-cache']).toBe('HIT');
    expect(signedInAgain.headers['cache-control']).toBe('private, no-cache');
    expect((await server.request().get(room())).headers['cache-control']).toBe('public, no-cache');

    // The network room depends on who asks and who entered: never kept.
    const network = await server.request().get(`/api/site/v1/networks/${eventId}`).set('Authorization', `Bearer ${token}`);
    expect(network.status).toBe(200);
    expect(network.headers['x-cache']).toBeUndefined();
  });
});
