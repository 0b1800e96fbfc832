import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventDashboardSchema, generalDashboardSchema, standReportSchema } from '@plataforma/adapter';
import { createClient, createStaff } from '../helpers/accounts';
import { cmsApi, createEvent, insert } from '../helpers/event-fixtures';
import { sessionToken, startServer, type TestServer } from '../helpers/strapi';

// The hourly page-view rollup the dashboards read (decision 053): it follows the page-view
// batches (in any order), erasure and an event's deletion, and a rebuild from the views gives the
// same rows. The events' zone is America/Sao_Paulo (UTC-3) unless said otherwise.
let server: TestServer;
let token: string;
const api = (...args: Parameters<ReturnType<typeof cmsApi>>) => cmsApi(server, () => token)(...args);

const cmsDir = path.resolve(__dirname, '../../../cms');
const load = createRequire(__filename);
type PageViews = typeof import('../../../cms/src/analytics/page-views');
type Hours = typeof import('../../../cms/src/analytics/page-view-hours');
type Erasure = typeof import('../../../cms/src/api/client/erasure');
type Rollup = typeof import('../../../cms/src/analytics/page-view-rollup');
const { writePageViews } = load(path.join(cmsDir, 'dist/src/analytics/page-views')) as PageViews;
const { eraseClient } = load(path.join(cmsDir, 'dist/src/api/client/erasure')) as Erasure;
// The batch leaves its views pending; the drain rolls them up (decision 075). The dashboards drain first.
const { drainPageViewRollup } = load(path.join(cmsDir, 'dist/src/analytics/page-view-rollup')) as Rollup;
const { backfillPageViewHours, PAGE_VIEW_HOURS_TABLE, PLACE_HOURS_TABLE, STALE_HOURS_TABLE } = load(
  path.join(cmsDir, 'dist/src/analytics/page-view-hours'),
) as Hours;

const view = (eventId: number, clientId: number | null, page: string, at: string, standId: number | null = null) => ({
  path: `/plataforma/${eventId}-rollup/${page}`,
  referrer: null,
  language: 'pt',
  eventId,
  standId,
  clientId,
  createdAt: new Date(at),
});

interface HourRow {
  event_id: number;
  hour: number;
  client_id: number;
  stand_id: number;
  path: string;
  views: number;
  seconds: number;
  tail_seconds: number;
  tail_until: number | null;
}

/** The rollup's rows, numbers as numbers, in key order. */
const rows = async (where: Record<string, number> = {}): Promise<HourRow[]> =>
  (
    (await server.strapi.db
      .connection(PAGE_VIEW_HOURS_TABLE)
      .where(where)
      .orderBy(['event_id', 'hour', 'client_id', 'stand_id', 'path'])) as HourRow[]
  ).map((row) => ({
    event_id: Number(row.event_id),
    hour: Number(row.hour),
    client_id: Number(row.client_id),
    stand_id: Number(row.stand_id),
    path: row.path,
    views: Number(row.views),
    seconds: Number(row.seconds),
    tail_seconds: Number(row.tail_seconds),
    tail_until: row.tail_until === null ? null : Number(row.tail_until),
  }));

const dashboard = async (eventId: number, query = '?from=2026-05-10&to=2026-05-10') => {
  const res = await api('get', `/dashboards/events/${eventId}${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return eventDashboardSchema.parse(res.body.data);
};

beforeAll(async () => {
  server = await startServer('dashboards-rollup', { seed: false, env: { PAGE_VIEWS_FLUSH_MS: '600000' } });
  const admin = await createStaff(server.strapi, { role: 'admin' });
  token = await sessionToken(server, 'staff', admin.id);
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

describe('page_view_hours', () => {
  it('follows batches written out of order: a later batch gives the earlier view its time, across hours', async () => {
    const s = server.strapi;
    const event = await createEvent(s, { name: 'Rollup', startDate: '2026-05-10', timezone: 'America/Sao_Paulo', published: true });
    const stand = await insert(s, 'api::stand.stand', { name: 'Estande', type: 'master', event });
    const a = (await createClient(s)).id;
    const b = (await createClient(s)).id;
    // 12:50Z = 09:50 local. A: hall at 12:50, then (another batch) the stand at 13:05 — 900 s for the
    // hall, counted in the 12:00Z hour's tail since the next view is in the 13:00Z hour.
    await writePageViews(s, [
      view(event, a, 'hall-entrada', '2026-05-10T12:50:00Z'),
      view(event, null, 'hall-entrada', '2026-05-10T12:55:00Z'),
    ]);
    expect((await dashboard(event)).halls).toEqual([{ hall: 'hall-entrada', visits: 2, uniqueVisitors: 1, seconds: 0 }]);
    await writePageViews(s, [view(event, a, 'estande/1', '2026-05-10T13:05:00Z', stand)]);
    let data = await dashboard(event);
    expect(data.halls).toEqual([{ hall: 'hall-entrada', visits: 2, uniqueVisitors: 1, seconds: 900 }]);
    expect(data.stands).toMatchObject([{ standId: stand, visits: 1, uniqueVisitors: 1 }]);
    // Out of order: a view of A at 12:55 arrives last, between the two: the hall view now has 300 s,
    // the new one (hall-lounge) 600 s until the stand.
    await writePageViews(s, [view(event, a, 'hall-lounge', '2026-05-10T12:55:00Z'), view(event, b, 'hall-lounge', '2026-05-10T12:56:00Z')]);
    data = await dashboard(event);
    expect(data.halls).toEqual([
      { hall: 'hall-lounge', visits: 2, uniqueVisitors: 2, seconds: 600 },
      { hall: 'hall-entrada', visits: 2, uniqueVisitors: 1, seconds: 300 },
    ]);
    expect(data.totals).toMatchObject({ visits: 5, uniqueVisitors: 2 });
    expect(data.perHour.filter((row) => row.visits > 0)).toEqual([
      { hour: 9, visits: 4, uniqueVisitors: 2 },
      { hour: 10, visits: 1, uniqueVisitors: 1 },
    ]);
    // A's next view on the next day: counted only when the range includes that day (the 10th's
    // last view of A, the stand's, has no next view in a range ending on the 10th).
    await writePageViews(s, [view(event, a, 'hall-entrada', '2026-05-11T03:10:00Z')]);
    expect((await dashboard(event)).halls.find((row) => row.hall === 'hall-entrada')?.seconds).toBe(300);
    const twoDays = await dashboard(event, '?from=2026-05-10&to=2026-05-11');
    // The stand's view (13:05Z) has 1800 s (the cap) until 03:10Z of the 11th: a stand's, not a hall's.
    expect(twoDays.halls.find((row) => row.hall === 'hall-entrada')).toEqual({
      hall: 'hall-entrada',
      visits: 3,
      uniqueVisitors: 1,
      seconds: 300,
    });
    expect(twoDays.perDay).toEqual([
      { day: '2026-05-10', visits: 5, uniqueVisitors: 2 },
      { day: '2026-05-11', visits: 1, uniqueVisitors: 1 },
    ]);

    // A rebuild from the views gives the same rows as the batches wrote.
    const written = await rows({ event_id: event });
    expect(written.length).toBeGreaterThan(0);
    await s.db.connection(PAGE_VIEW_HOURS_TABLE).delete();
    expect(await backfillPageViewHours(s)).toBe(true);
    expect(await rows({ event_id: event })).toEqual(written);
    // Already rolled up: nothing to do.
    expect(await backfillPageViewHours(s)).toBe(false);
  });

  it('rolls up a view created through the query engine (not the batch writer)', async () => {
    const s = server.strapi;
    const event = await createEvent(s, { name: 'Rollup direto', startDate: '2026-05-10', published: true });
    const client = (await createClient(s)).id;
    await insert(s, 'api::page-view.page-view', {
      path: `/plataforma/${event}-rollup/hall-entrada`,
      event,
      client,
      createdAt: new Date('2026-05-10T15:00:00Z'),
    });
    expect(await rows({ event_id: event })).toMatchObject([
      { client_id: client, stand_id: 0, views: 1, hour: Date.parse('2026-05-10T15:00:00Z') / 3_600_000 },
    ]);
    expect((await dashboard(event)).totals).toMatchObject({ visits: 1, uniqueVisitors: 1 });
  });

  it("turns an erased or deleted client's rows anonymous: visits stay, the visitor and the time go", async () => {
    const s = server.strapi;
    const event = await createEvent(s, { name: 'Rollup LGPD', startDate: '2026-05-10', published: true });
    const client = (await createClient(s)).id;
    const other = (await createClient(s)).id;
    await writePageViews(s, [
      view(event, client, 'hall-entrada', '2026-05-10T15:00:00Z'),
      view(event, client, 'hall-lounge', '2026-05-10T15:10:00Z'),
      view(event, other, 'hall-entrada', '2026-05-10T15:20:00Z'),
      view(event, null, 'hall-entrada', '2026-05-10T15:30:00Z'),
    ]);
    expect((await dashboard(event)).halls).toEqual([
      { hall: 'hall-entrada', visits: 3, uniqueVisitors: 2, seconds: 600 },
      { hall: 'hall-lounge', visits: 1, uniqueVisitors: 1, seconds: 0 },
    ]);
    // The LGPD erasure (the client's own request) and an admin's deletion of the account: the same.
    await eraseClient(s, client);
    expect(await rows({ client_id: client })).toEqual([]);
    expect((await dashboard(event)).totals).toMatchObject({ visits: 4, uniqueVisitors: 1 });
    expect((await api('delete', `/clients?ids=${client}`)).status).toBe(200);
    expect(await rows({ client_id: client })).toEqual([]);
    const data = await dashboard(event);
    expect(data.totals).toMatchObject({ visits: 4, uniqueVisitors: 1 });
    expect(data.halls).toEqual([
      { hall: 'hall-entrada', visits: 3, uniqueVisitors: 1, seconds: 0 },
      { hall: 'hall-lounge', visits: 1, uniqueVisitors: 0, seconds: 0 },
    ]);
    // The same as a rebuild from the views (which lost their client).
    const kept = await rows({ event_id: event });
    await s.db.connection(PAGE_VIEW_HOURS_TABLE).delete();
    await backfillPageViewHours(s);
    expect(await rows({ event_id: event })).toEqual(kept);
  });

  it("goes with an event's deletion", async () => {
    const s = server.strapi;
    const event = await createEvent(s, { name: 'Rollup apagável', startDate: '2026-05-10', published: true });
    const stand = await insert(s, 'api::stand.stand', { name: 'Estande apagável', event });
    const client = (await createClient(s)).id;
    await writePageViews(s, [
      view(event, client, 'hall-entrada', '2026-05-10T15:00:00Z'),
      view(event, null, 'estande/1', '2026-05-10T15:05:00Z', stand),
    ]);
    await drainPageViewRollup(s);
    expect(await rows({ event_id: event })).toHaveLength(2);
    await dashboard(event);
    expect(await s.db.connection(PLACE_HOURS_TABLE).where({ event_id: event })).toHaveLength(2);
    await writePageViews(s, [view(event, client, 'hall-entrada', '2026-05-10T16:00:00Z')]);
    await drainPageViewRollup(s);
    // Stale: the new view's hour, and the hour of the client's view before it (its time changed).
    expect((await s.db.connection(STALE_HOURS_TABLE).where({ event_id: event }).orderBy('hour')).map((row) => Number(row.hour))).toEqual([
      Date.parse('2026-05-10T15:00:00Z') / 3_600_000,
      Date.parse('2026-05-10T16:00:00Z') / 3_600_000,
    ]);
    expect((await api('delete', `/events?ids=${event}`)).status).toBe(200);
    expect(await rows({ event_id: event })).toEqual([]);
    expect(await rows({ stand_id: stand })).toEqual([]);
    // The dashboard's summary and its marks go too (decision 060).
    expect(await s.db.connection(PLACE_HOURS_TABLE).where({ event_id: event })).toEqual([]);
    expect(await s.db.connection(STALE_HOURS_TABLE).where({ event_id: event })).toEqual([]);
  });

  it('reads a zone with a half-hour offset from the views (exact days and hours)', async () => {
    const s = server.strapi;
    const event = await createEvent(s, { name: 'Rollup Índia', startDate: '2026-05-10', timezone: 'Asia/Kolkata', published: true });
    const client = (await createClient(s)).id;
    // 18:20Z = 23:50 of the 10th in Kolkata (UTC+5:30); 18:40Z = 00:10 of the 11th.
    await writePageViews(s, [
      view(event, client, 'hall-entrada', '2026-05-10T18:20:00Z'),
      view(event, client, 'hall-lounge', '2026-05-10T18:40:00Z'),
    ]);
    const data = await dashboard(event);
    expect(data.totals).toMatchObject({ visits: 1, uniqueVisitors: 1 });
    expect(data.perHour.filter((row) => row.visits > 0)).toEqual([{ hour: 23, visits: 1, uniqueVisitors: 1 }]);
    // Its next view is on the 11th: out of the range, no time.
    expect(data.halls).toEqual([{ hall: 'hall-entrada', visits: 1, uniqueVisitors: 1, seconds: 0 }]);
  });
});

/** A small deterministic generator (mulberry32), so a failing case can be run again. */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

interface Seen {
  client: number | null;
  page: string;
  stand: number | null;
  at: number;
}

/**
 * What the dashboard must say of some views, computed here from the views alone (decision 048):
 * São Paulo's days and hours (UTC−3), a hall view's time until the same client's next view of the
 * event in the range, at most 1,800 s.
 */
const expected = (views: Seen[], from: string, to: string) => {
  const [start, end] = [Date.parse(`${from}T03:00:00Z`), Date.parse(`${to}T03:00:00Z`) + 86_400_000];
  const inRange = views.filter((one) => one.at >= start && one.at < end).sort((a, b) => a.at - b.at);
  const local = (at: number) => new Date(at - 3 * 3_600_000);
  const group = <K>(keyOf: (one: Seen) => K | null) => {
    const groups = new Map<K, { visits: number; clients: Set<number>; seconds: number }>();
    for (const one of inRange) {
      const key = keyOf(one);
      if (key === null) continue;
      const entry = groups.get(key) ?? { visits: 0, clients: new Set<number>(), seconds: 0 };
      entry.visits += 1;
      if (one.client !== null) {
        entry.clients.add(one.client);
        const next = inRange.find((other) => other.client === one.client && other.at > one.at);
        if (next) entry.seconds += Math.min(1800, (next.at - one.at) / 1000);
      }
      groups.set(key, entry);
    }
    return groups;
  };
  const days = group((one) => local(one.at).toISOString().slice(0, 10));
  const hours = group((one) => local(one.at).getUTCHours());
  const halls = group((one) => (one.stand === null ? one.page : null));
  const stands = group((one) => one.stand);
  const all = group(() => 'all').get('all');
  return {
    totals: { visits: all?.visits ?? 0, uniqueVisitors: all?.clients.size ?? 0 },
    perDay: [from, to].map((day) => ({ day, visits: days.get(day)?.visits ?? 0, uniqueVisitors: days.get(day)?.clients.size ?? 0 })),
    perHour: Array.from({ length: 24 }, (_, hour) => ({
      hour,
      visits: hours.get(hour)?.visits ?? 0,
      uniqueVisitors: hours.get(hour)?.clients.size ?? 0,
    })),
    halls: [...halls]
      .map(([hall, entry]) => ({ hall, visits: entry.visits, uniqueVisitors: entry.clients.size, seconds: entry.seconds }))
      .sort((a, b) => a.hall.localeCompare(b.hall)),
    stands: [...stands]
      .map(([standId, entry]) => ({ standId, visits: entry.visits, uniqueVisitors: entry.clients.size }))
      .sort((a, b) => a.standId - b.standId),
  };
};

describe("the event dashboard's summary per hour and place (decision 060)", () => {
  it("says what the views say, in 'Evento' and 'Geral', through batches out of order, a read between writes, an erasure and an upgrade", async () => {
    const s = server.strapi;
    const knex = s.db.connection;
    const event = await createEvent(s, { name: 'Resumo', startDate: '2026-05-10', timezone: 'America/Sao_Paulo', published: true });
    const standIds = [
      await insert(s, 'api::stand.stand', { name: 'Estande A', type: 'master', event }),
      await insert(s, 'api::stand.stand', { name: 'Estande B', type: 'bronze', event }),
    ];
    const clients = await Promise.all(Array.from({ length: 12 }, async () => (await createClient(s)).id));
    const next = random(20261128);
    const used = new Set<number>();
    // 300 views from 02:00Z of the 10th (the 9th in São Paulo, out of the range) to 05:00Z of the 12th
    // (the 12th, out of it too), each at its own second; a view in four is anonymous, one in three a stand's.
    const make = (): Seen => {
      let at = 0;
      do at = Date.parse('2026-05-10T02:00:00Z') + Math.floor(next() * 51 * 3600) * 1000;
      while (used.has(at));
      used.add(at);
      const stand = next() < 1 / 3 ? standIds[Math.floor(next() * 2)] : null;
      return {
        client: next() < 0.25 ? null : clients[Math.floor(next() * clients.length)],
        page: stand === null ? ['hall-entrada', 'hall-lounge', 'hall-expo'][Math.floor(next() * 3)] : `estande/${stand}`,
        stand,
        at,
      };
    };
    const seen = Array.from({ length: 300 }, make);
    const write = (list: Seen[]) =>
      writePageViews(
        s,
        list.map((one) => view(event, one.client, one.page, new Date(one.at).toISOString(), one.stand)),
      );
    const check = async () => {
      const data = await dashboard(event, '?from=2026-05-10&to=2026-05-11');
      const want = expected(seen, '2026-05-10', '2026-05-11');
      expect(data.totals).toMatchObject(want.totals);
      expect(data.perDay).toEqual(want.perDay);
      expect(data.perHour).toEqual(want.perHour);
      expect([...data.halls].sort((a, b) => a.hall.localeCompare(b.hall))).toEqual(want.halls);
      expect(
        data.stands
          .map(({ standId, visits, uniqueVisitors }) => ({ standId, visits, uniqueVisitors }))
          .sort((a, b) => a.standId - b.standId),
      ).toEqual(want.stands);
      // 'Geral' (São Paulo's days too) reads the same summary.
      const general = await api('get', '/dashboards/general?from=2026-05-10&to=2026-05-11');
      expect(generalDashboardSchema.parse(general.body.data).events.find((row) => row.eventId === event)).toMatchObject({
        visits: want.totals.visits,
        uniqueVisitors: want.totals.uniqueVisitors,
      });
      // Every stale hour of the range was made again and its mark cleared; those out of it wait.
      const [first, last] = [Date.parse('2026-05-10T03:00:00Z') / 3_600_000, Date.parse('2026-05-12T03:00:00Z') / 3_600_000];
      expect(await knex(STALE_HOURS_TABLE).where({ event_id: event }).andWhere('hour', '>=', first).andWhere('hour', '<', last)).toEqual(
        [],
      );
    };
    // Four batches in shuffled order (each batch's views in time order, the batches not).
    const shuffled = [...seen].sort(() => next() - 0.5);
    for (let i = 0; i < 4; i += 1) await write(shuffled.slice(i * 75, (i + 1) * 75).sort((a, b) => a.at - b.at));
    await check();
    expect((await knex(PLACE_HOURS_TABLE).where({ event_id: event })).length).toBeGreaterThan(20);
    // More views after a read: earlier hours change too (their last views get a next view).
    const more = Array.from({ length: 40 }, make);
    seen.push(...more);
    await write(more);
    expect((await knex(STALE_HOURS_TABLE).where({ event_id: event })).length).toBeGreaterThan(0);
    await check();
    // An erasure: the client's views stay as anonymous visits.
    const erased = clients[0];
    await eraseClient(s, erased);
    for (const one of seen) if (one.client === erased) one.client = null;
    await check();
    // An upgraded database: the rollup there, no summary yet: the start marks every hour stale.
    await knex(PLACE_HOURS_TABLE).delete();
    await knex(STALE_HOURS_TABLE).delete();
    expect(await backfillPageViewHours(s)).toBe(false);
    expect((await knex(STALE_HOURS_TABLE).where({ event_id: event })).length).toBeGreaterThan(20);
    await check();
  });
});

describe('stale marks', () => {
  it("marks no hour of event 0 (a stand's views without an event): no dashboard reads them, nothing would clear them", async () => {
    const s = server.strapi;
    const event = await createEvent(s, { name: 'Sem evento', startDate: '2026-05-10', published: true });
    const stand = await insert(s, 'api::stand.stand', { name: 'Estande solto', type: 'master', event });
    await writePageViews(s, [{ ...view(event, null, 'estande/1', '2026-05-10T15:00:00Z', stand), eventId: null }]);
    await drainPageViewRollup(s);
    expect(await rows({ event_id: 0, stand_id: stand })).toHaveLength(1);
    expect(await s.db.connection(STALE_HOURS_TABLE).where({ event_id: 0 })).toEqual([]);
  });
});

describe('what the buffers hold', () => {
  // This file's server writes its buffers every 10 minutes (PAGE_VIEWS_FLUSH_MS): a view or a click
  // posted now is still waiting when the report is asked for.
  it('the exhibitor report writes them first, as the event dashboard does: a visit and a click just posted count', async () => {
    const s = server.strapi;
    const event = await createEvent(s, { name: 'Relatório imediato', startDate: '2026-05-10', published: true });
    const stand = await insert(s, 'api::stand.stand', { name: 'Estande imediato', type: 'master', event, publishedAt: new Date() });
    const site = (url: string, body: object) => server.request().post(`/api/site/v1${url}`).send(body);
    expect((await site('/page-views', { path: `/plataforma/${event}/estande/${stand}`, eventId: event, standId: stand })).status).toBe(202);
    expect((await site('/stand-events', { kind: 'website_clicked', standId: stand })).status).toBe(202);
    const res = await api('get', `/dashboards/stands/${stand}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const report = standReportSchema.parse(res.body.data);
    expect(report.figures.visits.value).toBe(1);
    expect(report.figures.websiteClicks.value).toBe(1);
  });
});

describe('reading it fast (decision 057)', () => {
  it("keeps a stand's rows in one index with the client and the views (the report reads the index alone)", async () => {
    const knex = server.strapi.db.connection;
    const columns =
      server.database.kind === 'postgres'
        ? (
            (await knex.raw(
              `select a.attname as name from pg_index i join pg_class c on c.oid = i.indexrelid
                 join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
               where c.relname = 'page_view_hours_stand_views_idx' order by array_position(i.indkey, a.attnum)`,
            )) as { rows: Array<{ name: string }> }
          ).rows
        : ((await knex.raw("select name from pragma_index_info('page_view_hours_stand_views_idx') order by seqno")) as Array<{
            name: string;
          }>);
    expect(columns.map((column) => column.name)).toEqual(['stand_id', 'hour', 'client_id', 'views']);
    const names =
      server.database.kind === 'postgres'
        ? (
            (await knex.raw("select indexname as name from pg_indexes where tablename = 'page_view_hours'")) as {
              rows: Array<{ name: string }>;
            }
          ).rows
        : ((await knex.raw("select name from sqlite_master where type = 'index' and tbl_name = 'page_view_hours'")) as Array<{
            name: string;
          }>);
    // The narrower index it replaces is dropped on an upgraded database.
    expect(names.map((index) => index.name)).not.toContain('page_view_hours_stand_idx');
  });

  it.runIf(process.env.DATABASE_URL)('runs PostgreSQL without JIT compilation on every pooled connection', async () => {
    const knex = server.strapi.db.connection;
    const settings = await Promise.all(
      Array.from({ length: 4 }, () => knex.raw("select current_setting('jit') as jit") as Promise<{ rows: Array<{ jit: string }> }>),
    );
    expect(settings.map((result) => result.rows[0].jit)).toEqual(['off', 'off', 'off', 'off']);
  });
});
