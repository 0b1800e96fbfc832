import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventDashboardSchema } from '@plataforma/adapter';
import { createClient, createStaff } from '../helpers/accounts';
import { cmsApi, createEvent } from '../helpers/event-fixtures';
import { flushPageViews, sessionToken, startServer, withSettings, type TestServer } from '../helpers/strapi';

// The hourly rollup off the visitors' path (issue 48 item 0, decision 075): a page-view batch only
// marks its views pending; the rollup follows when a drain runs — after PAGE_VIEWS_ROLLUP_MS,
// before a dashboard's read (exact), before an erasure — and a view is never counted twice, also
// with two drains at once. On SQLite, and on PostgreSQL with DATABASE_URL set.
let server: TestServer;
let staff: string;
const api = (...args: Parameters<ReturnType<typeof cmsApi>>) => cmsApi(server, () => staff)(...args);

const cmsDir = path.resolve(__dirname, '../../../cms');
const load = createRequire(__filename);
type Rollup = typeof import('../../../cms/src/analytics/page-view-rollup');
type Hours = typeof import('../../../cms/src/analytics/page-view-hours');
type Erasure = typeof import('../../../cms/src/api/client/erasure');
const { drainPageViewRollup } = load(path.join(cmsDir, 'dist/src/analytics/page-view-rollup')) as Rollup;
const { PAGE_VIEW_HOURS_TABLE, PENDING_TABLE } = load(path.join(cmsDir, 'dist/src/analytics/page-view-hours')) as Hours;
const { eraseClient } = load(path.join(cmsDir, 'dist/src/api/client/erasure')) as Erasure;

const ZONE = 'America/Sao_Paulo';
/** Today in the event's zone: the views are posted now. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());

const rollup = async (eventId: number) =>
  (
    (await server.strapi.db
      .connection(PAGE_VIEW_HOURS_TABLE)
      .where({ event_id: eventId })
      .select('client_id', 'stand_id', 'path', 'views')
      .orderBy(['client_id', 'path'])) as Array<{ client_id: unknown; path: string; views: unknown }>
  ).map((row) => ({ client: Number(row.client_id), path: row.path, views: Number(row.views) }));

const pending = async (): Promise<number> =>
  Number(((await server.strapi.db.connection(PENDING_TABLE).count({ n: '*' })) as Array<{ n: unknown }>)[0]?.n ?? 0);

/** A visit through the visitors' route: POST /page-views (202, written with the next batch). */
const post = async (token: string | null, eventId: number, page: string) => {
  const request = server.request().post('/api/site/v1/page-views');
  if (token) request.set('Authorization', `Bearer ${token}`);
  const res = await request.send({ path: `/plataforma/${eventId}-fora/${page}`, eventId });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
};

const dashboard = async (eventId: number) => {
  const res = await api('get', `/dashboards/events/${eventId}?from=${today()}&to=${today()}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return eventDashboardSchema.parse(res.body.data);
};

const newEvent = (name: string) => createEvent(server.strapi, { name, startDate: today(), timezone: ZONE, published: true });

beforeAll(async () => {
  // No drain on a timer here unless a test asks for one: what the batch writes is what is seen.
  server = await startServer('dashboards-rollup-off-path', { seed: false, env: { PAGE_VIEWS_ROLLUP_MS: '600000' } });
  staff = await sessionToken(server, 'staff', (await createStaff(server.strapi, { role: 'admin' })).id);
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

describe('the page-view batch leaves the rollup to the drain', () => {
  it('rolls up on a timer within PAGE_VIEWS_ROLLUP_MS of the batch', async () => {
    const event = await newEvent('Rollup no tempo');
    await withSettings({ PAGE_VIEWS_ROLLUP_MS: '100' }, async () => {
      await post(null, event, 'hall-entrada');
      await flushPageViews(server);
      expect(await rollup(event)).toEqual([]);
      const deadline = Date.now() + 10_000;
      while ((await rollup(event)).length === 0 && Date.now() < deadline) await new Promise((done) => setTimeout(done, 50));
    });
    expect(await rollup(event)).toEqual([{ client: 0, path: `/plataforma/${event}-fora/hall-entrada`, views: 1 }]);
    expect(await pending()).toBe(0);
  });

  it('writes no rollup row with the batch; the dashboard drains first and reads exact figures', async () => {
    const event = await newEvent('Rollup fora do caminho');
    const a = await createClient(server.strapi);
    const b = await createClient(server.strapi);
    const [ta, tb] = [await sessionToken(server, 'client', a.id), await sessionToken(server, 'client', b.id)];
    for (const page of ['hall-entrada', 'hall-lounge', 'hall-entrada']) await post(ta, event, page);
    await post(tb, event, 'hall-entrada');
    await post(null, event, 'hall-entrada');
    await flushPageViews(server);
    // The views are written, the rollup is not: the visitors' batch did not touch it.
    expect(await server.strapi.db.query('api::page-view.page-view').count({ where: { event: { id: event } } })).toBe(5);
    expect(await rollup(event)).toEqual([]);
    expect(await pending()).toBe(5);

    const data = await dashboard(event);
    expect(data.totals).toMatchObject({ visits: 5, uniqueVisitors: 2 });
    expect(data.halls.map(({ hall, visits, uniqueVisitors }) => ({ hall, visits, uniqueVisitors }))).toEqual([
      { hall: 'hall-entrada', visits: 4, uniqueVisitors: 2 },
      { hall: 'hall-lounge', visits: 1, uniqueVisitors: 1 },
    ]);
    expect(await pending()).toBe(0);
    const entrada = `/plataforma/${event}-fora/hall-entrada`;
    const lounge = `/plataforma/${event}-fora/hall-lounge`;
    expect(await rollup(event)).toEqual(
      [
        { client: 0, path: entrada, views: 1 },
        { client: a.id, path: entrada, views: 2 },
        { client: a.id, path: lounge, views: 1 },
        { client: b.id, path: entrada, views: 1 },
      ].sort((x, y) => x.client - y.client || x.path.localeCompare(y.path)),
    );
    // A second read drains nothing more and says the same.
    expect((await dashboard(event)).totals).toMatchObject({ visits: 5, uniqueVisitors: 2 });
  });

  it("drains before an erasure: the erased client's pending views end up anonymous, counted once", async () => {
    const event = await newEvent('Rollup e exclusão');
    const client = await createClient(server.strapi);
    const token = await sessionToken(server, 'client', client.id);
    await post(token, event, 'hall-entrada');
    await post(token, event, 'hall-lounge');
    await flushPageViews(server);
    expect(await rollup(event)).toEqual([]);
    await eraseClient(server.strapi, client.id);
    expect(await pending()).toBe(0);
    expect(await rollup(event)).toEqual([
      { client: 0, path: `/plataforma/${event}-fora/hall-entrada`, views: 1 },
      { client: 0, path: `/plataforma/${event}-fora/hall-lounge`, views: 1 },
    ]);
    expect((await dashboard(event)).totals).toMatchObject({ visits: 2, uniqueVisitors: 0 });
  });

  it('counts a view once when two drains run at once (each in its own transaction)', async () => {
    const event = await newEvent('Rollup concorrente');
    for (let i = 0; i < 30; i += 1) await post(null, event, `hall-${i % 3}`);
    await flushPageViews(server);
    expect(await pending()).toBe(30);
    // Inside a transaction a drain is that transaction's: two at once meet only in the database
    // (PostgreSQL: the advisory lock and the claim by DELETE … RETURNING).
    const drained = await Promise.all([
      server.strapi.db.transaction(() => drainPageViewRollup(server.strapi)),
      server.strapi.db.transaction(() => drainPageViewRollup(server.strapi)),
    ]);
    expect(drained.reduce((sum, count) => sum + count, 0)).toBe(30);
    expect((await rollup(event)).reduce((sum, row) => sum + row.views, 0)).toBe(30);
    expect((await dashboard(event)).totals).toMatchObject({ visits: 30 });
  });
});
