import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../helpers/accounts';
import { createEvent, insert } from '../helpers/event-fixtures';
import { flushPageViews, sessionToken, startServer, type TestServer } from '../helpers/strapi';

// Issue 16 §3: POST /api/site/v1/page-views is public, so limited per visitor, and accepted at
// once then written in batches (decision 038).
let server: TestServer;
let eventId = 0;
let standId = 0;

const PAGE_VIEW = 'api::page-view.page-view';

beforeAll(async () => {
  server = await startServer('site-page-views', { seed: false });
  eventId = await createEvent(server.strapi, { name: 'Congresso Visitas', published: true });
  standId = await insert(server.strapi, 'api::stand.stand', {
    name: 'Vitalis',
    subtitle: 'UTI',
    type: 'master',
    position: 1,
    event: eventId,
  });
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

const post = (body: object, headers: Record<string, string> = {}) =>
  server.request().post('/api/site/v1/page-views').set(headers).send(body);

/** Counts the SQL statements the server runs while `fn` runs (knex's 'query' event). */
const countingStatements = async (fn: () => Promise<void>): Promise<{ all: number; inserts: number }> => {
  const knex = server.strapi.db.connection as unknown as {
    on(event: 'query', listener: (query: { sql: string }) => void): void;
    off(event: 'query', listener: (query: { sql: string }) => void): void;
  };
  const seen = { all: 0, inserts: 0 };
  const listener = ({ sql }: { sql: string }) => {
    seen.all += 1;
    if (/^\s*insert/i.test(sql)) seen.inserts += 1;
  };
  knex.on('query', listener);
  try {
    await fn();
  } finally {
    knex.off('query', listener);
  }
  return seen;
};

describe('POST /api/site/v1/page-views', () => {
  it('accepts a view with 202 and writes it with the next batch', async () => {
    const res = await post({ path: '/plataforma/1/hall-entrada', eventId, language: 'pt' }, { 'X-Test-Visitor': 'a' });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      status: 202,
      msg: 'pageView.recorded',
      data: { id: null, path: '/plataforma/1/hall-entrada', eventId },
    });
    expect(new Date(res.body.data.createdAt).toISOString()).toBe(res.body.data.createdAt);
    await flushPageViews(server);
    const row = await server.strapi.db
      .query(PAGE_VIEW)
      .findOne({ where: { path: '/plataforma/1/hall-entrada' }, populate: { event: true } });
    expect(row?.event?.id).toBe(eventId);
    expect(row?.language).toBe('pt');
  });

  it('stores a view naming an unknown event or stand without them, as before', async () => {
    expect((await post({ path: '/plataforma/999/hall-entrada', eventId: 999_999, standId: 999_998 })).status).toBe(202);
    expect((await post({ path: '/plataforma/estande-sem-evento', eventId, standId: 999_997 })).status).toBe(202);
    await flushPageViews(server);
    const unknown = await server.strapi.db
      .query(PAGE_VIEW)
      .findOne({ where: { path: '/plataforma/999/hall-entrada' }, populate: { event: true, stand: true } });
    expect(unknown).toMatchObject({ event: null, stand: null });
    const half = await server.strapi.db
      .query(PAGE_VIEW)
      .findOne({ where: { path: '/plataforma/estande-sem-evento' }, populate: { event: true, stand: true } });
    expect(half?.event?.id).toBe(eventId);
    expect(half?.stand).toBeNull();
  });

  it('writes 100 concurrent views of one client in a handful of statements and links the client to the event once', async () => {
    const client = await createClient(server.strapi);
    const token = await sessionToken(server, 'client', client.id);
    const path = `/plataforma/${eventId}/estande/${standId}`;
    let statuses: number[] = [];
    const during = await countingStatements(async () => {
      // 50 signed in (under the client's limit) and 50 from others' IPs... all one test IP, so
      // the signed-out half is kept under the IP's limit too.
      statuses = (
        await Promise.all(
          Array.from({ length: 100 }, (_, i) =>
            i < 50
              ? post({ path, eventId, standId }, { Authorization: `Bearer ${token}` })
              : post({ path: `${path}?anon`, eventId, standId }),
          ),
        )
      ).map((res) => res.status);
      await flushPageViews(server);
    });
    expect(statuses.filter((status) => status === 202)).toHaveLength(100);
    const views = await server.strapi.db
      .query(PAGE_VIEW)
      .findMany({ where: { path: { $startsWith: path } }, populate: { client: true, stand: true } });
    expect(views).toHaveLength(100);
    expect(views.filter((view) => view.client?.id === client.id)).toHaveLength(50);
    expect(views.every((view) => view.stand?.id === standId)).toBe(true);
    const linked = await server.strapi.db
      .query('api::client.client')
      .findOne({ where: { id: client.id }, populate: { events: { select: ['id'] } } });
    expect(linked.events.map((event: { id: number }) => event.id)).toEqual([eventId]);
    // Before: 100 × (one insert of the row + three of its links) and a check and a connect.
    // Now: a batch is one insert of rows and one per relation; the session checks of the
    // signed-in half are reads.
    expect(during.inserts).toBeLessThanOrEqual(20);
  });

  it('answers the 61st view of a visitor in a minute with 429 and Retry-After, while another visitor goes on', async () => {
    const first = await createClient(server.strapi);
    const second = await createClient(server.strapi);
    const [one, two] = await Promise.all([sessionToken(server, 'client', first.id), sessionToken(server, 'client', second.id)]);
    for (let i = 0; i < 60; i += 1) expect((await post({ path: `/v/${i}` }, { Authorization: `Bearer ${one}` })).status).toBe(202);
    const refused = await post({ path: '/v/60' }, { Authorization: `Bearer ${one}` });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ status: 429, msg: 'api.error.tooManyRequests' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await post({ path: '/v/other' }, { Authorization: `Bearer ${two}` })).status).toBe(202);
  });

  it('limits signed-out visitors by their IP', async () => {
    // The earlier tests' signed-out views came from this same IP; 60 more certainly pass the limit.
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) statuses.push((await post({ path: `/anon/${i}` })).status);
    expect(statuses).toContain(429);
    await flushPageViews(server);
  });
});
