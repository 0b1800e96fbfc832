import type { Core } from '@strapi/strapi';
import { DASHBOARD_PAGE_CAP_SECONDS } from '@plataforma/adapter';
import { chunksOf, inTransaction, joinOf, marks, rowsOf, tableOf, type Raw } from './sql';

/**
 * The hourly rollup of page views (decisions 048 and 053): what the event dashboard and the
 * exhibitor report read instead of scanning every view through Strapi's link tables.
 *
 * `page_view_hours (event_id, hour, client_id, stand_id, path, views, seconds, tail_seconds, tail_until)`
 * — one row per event, UTC hour (epoch hours), client (0: anonymous), stand (0: none, a hall) and
 * path. A view with a stand but no event is kept under event 0 (the exhibitor report counts a
 * stand's views whatever their event); a view with neither is not rolled up.
 *
 * Time on a page (decision 048: until the same client's next view of the event, at most
 * DASHBOARD_PAGE_CAP_SECONDS; none for a client's last view of the range nor for anonymous views)
 * is split so a range of whole hours reads it exactly: `seconds` holds the gaps whose next view is
 * in the same hour; a client's last view of an hour is the only one whose next view can be in a
 * later hour: its gap is `tail_seconds`, and `tail_until` the hour of that next view. A range
 * ending at hour E counts `seconds + (tail_until < E ? tail_seconds : 0)`.
 *
 * Written by the drain of the views the batches left pending (decision 075, `page-view-rollup.ts`),
 * and by the page-view lifecycle for views created through Strapi's query engine: anonymous views are added to their rows; for each (event, client)
 * of the batch, the client's rows from the hour of their view before the batch on are computed
 * again from the views themselves (a few rows per client), so views arriving out of order (another
 * instance's batch, a retried one) still give each view its true next view.
 */
export const PAGE_VIEW_HOURS_TABLE = 'page_view_hours';
/**
 * The event dashboard's summary of the rollup per (event, hour, place), and the (event, hour)
 * pairs whose rollup rows changed since their summary was made (decision 060, `place-hours.ts`).
 * Every writer of the rollup marks the pairs it touched; the dashboard rebuilds them when it reads.
 */
export const PLACE_HOURS_TABLE = 'page_view_place_hours';
export const STALE_HOURS_TABLE = 'page_view_hours_stale';
/** Views written by the batches, not yet rolled up (decision 075, `page-view-rollup.ts`). */
export const PENDING_TABLE = 'page_view_rollup_pending';
/** The advisory lock's key (PostgreSQL) of every writer of the pending views' rollup: the drain and the backfill. */
export const ROLLUP_LOCK_KEY = 75_075;

const PAGE_VIEW = 'api::page-view.page-view';
const KEY = 'event_id, hour, client_id, stand_id, path';
const CHUNK = 400;

const chunks = <T>(list: readonly T[]): T[][] => chunksOf(list, CHUNK);

const checked = (value: number): string => {
  if (!Number.isSafeInteger(value)) throw new Error(`Not an integer: ${value}`);
  return String(value);
};

interface Parts {
  pv: string;
  ev: { name: string; own: string; other: string };
  cl: { name: string; own: string; other: string };
  st: { name: string; own: string; other: string };
  /** Whole seconds since 1970 of a datetime column. */
  epoch: (column: string) => string;
  /** Milliseconds since 1970 of a datetime column. */
  epochMs: (column: string) => string;
}

const partsOf = (strapi: Core.Strapi): Parts => {
  const pg = strapi.db.dialect.client === 'postgres';
  const link = (attribute: string) => {
    const join = joinOf(strapi, PAGE_VIEW, attribute);
    return { name: join.name, own: join.joinColumn.name, other: join.inverseJoinColumn.name };
  };
  return {
    pv: tableOf(strapi, PAGE_VIEW),
    ev: link('event'),
    cl: link('client'),
    st: link('stand'),
    epoch: (column) => (pg ? `cast(floor(extract(epoch from ${column})) as bigint)` : `(cast(${column} as integer) / 1000)`),
    epochMs: (column) => (pg ? `cast(floor(extract(epoch from ${column}) * 1000) as bigint)` : `cast(${column} as integer)`),
  };
};

/**
 * The views with their event (0: none), client (0: anonymous) and stand (0: none); `where` filters
 * `v`, `e`, `c`, `s`; `signedIn`: only views with a client (an inner join, so a filter on the
 * client's column reads its index).
 */
const viewsWith = (p: Parts, where: string, signedIn = false): string =>
  `select v.id, v.path, v.created_at, coalesce(e.${p.ev.other}, 0) as event_id, coalesce(c.${p.cl.other}, 0) as client_id, ` +
  `coalesce(s.${p.st.other}, 0) as stand_id, ${p.epoch('v.created_at')} as at from ${p.pv} v ` +
  `left join ${p.ev.name} e on e.${p.ev.own} = v.id ${signedIn ? '' : 'left '}join ${p.cl.name} c on c.${p.cl.own} = v.id ` +
  `left join ${p.st.name} s on s.${p.st.own} = v.id where (e.${p.ev.own} is not null or s.${p.st.own} is not null) and ${where}`;

/**
 * The rollup rows of signed-in clients' views (`views`: a select as `viewsWith` gives, every view
 * of each (event, client) from some instant on): each view's gap to the client's next view, split
 * into the hour's seconds and the hour's tail.
 */
const clientRows = (views: string): string => {
  const cap = checked(DASHBOARD_PAGE_CAP_SECONDS);
  return (
    `select event_id, hour, client_id, stand_id, path, count(*) as views, ` +
    `coalesce(sum(case when next_hour = hour then gap else 0 end), 0) as seconds, ` +
    `coalesce(sum(case when next_hour > hour then gap else 0 end), 0) as tail_seconds, ` +
    `max(case when next_hour > hour then next_hour end) as tail_until from (` +
    `select event_id, client_id, stand_id, path, at / 3600 as hour, next_at / 3600 as next_hour, ` +
    `case when next_at is null then null when next_at - at > ${cap} then ${cap} else next_at - at end as gap from (` +
    `select w.*, lead(at) over (partition by event_id, client_id order by created_at, id) as next_at from (${views}) w) x) y ` +
    `group by event_id, hour, client_id, stand_id, path`
  );
};

/** Anonymous views' rows (no time): counts to add. */
const anonymousRows = (views: string): string =>
  `select event_id, at / 3600 as hour, 0 as client_id, stand_id, path, count(*) as views, 0 as seconds, 0 as tail_seconds, ` +
  `cast(null as integer) as tail_until from (${views}) w group by event_id, at / 3600, stand_id, path`;

const insertRows = (rows: string, onConflict: 'add' | 'replace' | 'nothing'): string =>
  `insert into ${PAGE_VIEW_HOURS_TABLE} (${KEY}, views, seconds, tail_seconds, tail_until) ` +
  // The outer `where true`: SQLite reads an upsert's ON after a bare SELECT as a join's.
  `select ${KEY}, views, seconds, tail_seconds, tail_until from (${rows}) r where true on conflict (${KEY}) do ` +
  (onConflict === 'nothing'
    ? 'nothing'
    : onConflict === 'add'
      ? `update set views = ${PAGE_VIEW_HOURS_TABLE}.views + excluded.views`
      : 'update set views = excluded.views, seconds = excluded.seconds, tail_seconds = excluded.tail_seconds, tail_until = excluded.tail_until');

const pairsTable = (pairs: ReadonlyArray<readonly number[]>, names: readonly string[]): string =>
  pairs.map((pair) => `select ${pair.map((value, index) => `${checked(value)} as ${names[index]}`).join(', ')}`).join(' union all ');

type Pair = readonly [event: number, hour: number];

const pairsOf = (result: unknown): Pair[] =>
  rowsOf<{ event_id: unknown; hour: unknown }>(result).map((row) => [Number(row.event_id), Number(row.hour)] as const);

/**
 * Marks (event, hour) pairs stale: their summary is made again at the dashboard's next read
 * (decision 060). One statement per 400 pairs, in key order, so two transactions marking the same
 * pairs take their row locks in the same order.
 */
export const markStale = async (raw: Raw, pairs: Iterable<Pair>): Promise<void> => {
  // Event 0 (a stand's views with no event) has no dashboard: nothing would clear its marks.
  const unique = [...new Map([...pairs].filter(([event]) => event !== 0).map((pair) => [`${pair[0]}:${pair[1]}`, pair])).values()];
  unique.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  for (const part of chunks(unique))
    await raw(
      `insert into ${STALE_HOURS_TABLE} (event_id, hour, version) values ${marks(part.length, 3)} ` +
        `on conflict (event_id, hour) do update set version = ${STALE_HOURS_TABLE}.version + 1`,
      part.flatMap(([event, hour]) => [event, hour, 1]),
    );
};

/** Rolls up views (their ids), in the caller's transaction: the drain's, or a lifecycle's. */
export const rollUpViews = async (strapi: Core.Strapi, raw: Raw, ids: readonly number[]): Promise<void> => {
  if (ids.length === 0) return;
  const p = partsOf(strapi);
  const stale: Pair[] = [];
  for (const part of chunks(ids)) {
    const inBatch = `v.id in (${part.map(checked).join(', ')})`;
    const anonymous = viewsWith(p, `${inBatch} and c.${p.cl.own} is null`);
    stale.push(...pairsOf(await raw(`select distinct event_id, at / 3600 as hour from (${anonymous}) w`, [])));
    await raw(insertRows(anonymousRows(anonymous), 'add'), []);
    // Each (event, client) of the batch: its first view in it, and the client's view before that.
    const pairs = rowsOf<{ event_id: unknown; client_id: unknown; first_ms: unknown }>(
      await raw(
        `select coalesce(e.${p.ev.other}, 0) as event_id, c.${p.cl.other} as client_id, min(${p.epochMs('v.created_at')}) as first_ms ` +
          `from ${p.pv} v join ${p.cl.name} c on c.${p.cl.own} = v.id left join ${p.ev.name} e on e.${p.ev.own} = v.id ` +
          `left join ${p.st.name} s on s.${p.st.own} = v.id where ${inBatch} and (e.${p.ev.own} is not null or s.${p.st.own} is not null) ` +
          `group by coalesce(e.${p.ev.other}, 0), c.${p.cl.other}`,
        [],
      ),
    ).map((row) => [Number(row.event_id), Number(row.client_id), Number(row.first_ms)]);
    if (pairs.length === 0) continue;
    const before = rowsOf<{ event_id: unknown; client_id: unknown; since: unknown }>(
      await raw(
        `select q.event_id, q.client_id, coalesce((select max(${p.epoch('v.created_at')}) from ${p.pv} v ` +
          `join ${p.cl.name} c on c.${p.cl.own} = v.id left join ${p.ev.name} e on e.${p.ev.own} = v.id ` +
          `where c.${p.cl.other} = q.client_id and coalesce(e.${p.ev.other}, 0) = q.event_id and ${p.epochMs('v.created_at')} < q.first_ms), ` +
          `q.first_ms / 1000) as since from (${pairsTable(pairs, ['event_id', 'client_id', 'first_ms'])}) q`,
        [],
      ),
    ).map((row) => [Number(row.event_id), Number(row.client_id), Math.floor(Number(row.since) / 3600)]);
    const from = `(${pairsTable(before, ['event_id', 'client_id', 'hour'])})`;
    await raw(
      `delete from ${PAGE_VIEW_HOURS_TABLE} where exists (select 1 from ${from} q where q.event_id = ${PAGE_VIEW_HOURS_TABLE}.event_id ` +
        `and q.client_id = ${PAGE_VIEW_HOURS_TABLE}.client_id and ${PAGE_VIEW_HOURS_TABLE}.hour >= q.hour)`,
      [],
    );
    const views =
      `select w.* from (${viewsWith(p, `c.${p.cl.other} in (${[...new Set(before.map(([, client]) => client))].map(checked).join(', ')})`, true)}) w ` +
      `join ${from} q on q.event_id = w.event_id and q.client_id = w.client_id and w.at >= q.hour * 3600`;
    await raw(insertRows(clientRows(views), 'replace'), []);
    // The hours whose rows were just computed again (the client's view before the batch, and on).
    stale.push(
      ...pairsOf(
        await raw(
          `select distinct r.event_id, r.hour from ${PAGE_VIEW_HOURS_TABLE} r join ${from} q on q.event_id = r.event_id ` +
            `and q.client_id = r.client_id and r.hour >= q.hour`,
          [],
        ),
      ),
    );
  }
  await markStale(raw, stale);
};

/** Rolls up views in their own transaction (the lifecycle of a view created through Strapi's query engine). */
export const rollUpViewsNow = (strapi: Core.Strapi, ids: readonly number[]): Promise<void> =>
  inTransaction(strapi, (raw) => rollUpViews(strapi, raw, ids));

/**
 * An erased (or deleted) client's rows become anonymous (decision 047: their views lose the client and stay
 * counted as visits; an anonymous view counts no time): added to the rows of client 0, then deleted.
 */
export const eraseFromRollup = async (raw: Raw, clientIds: readonly number[]): Promise<void> => {
  for (const part of chunks(clientIds)) {
    const ids = part.map(checked).join(', ');
    await markStale(
      raw,
      pairsOf(await raw(`select distinct event_id, hour from ${PAGE_VIEW_HOURS_TABLE} where client_id in (${ids})`, [])),
    );
    await raw(
      insertRows(
        `select event_id, hour, 0 as client_id, stand_id, path, sum(views) as views, 0 as seconds, 0 as tail_seconds, ` +
          `cast(null as integer) as tail_until from ${PAGE_VIEW_HOURS_TABLE} where client_id in (${ids}) group by event_id, hour, stand_id, path`,
        'add',
      ),
      [],
    );
    await raw(`delete from ${PAGE_VIEW_HOURS_TABLE} where client_id in (${ids})`, []);
  }
};

/** The rows of deleted events and stands (an event's deletion, `cascade.ts`). */
export const deleteFromRollup = async (strapi: Core.Strapi, events: readonly number[], stands: readonly number[]): Promise<void> => {
  await inTransaction(strapi, async (raw) => {
    for (const part of chunks(events))
      for (const table of [PAGE_VIEW_HOURS_TABLE, PLACE_HOURS_TABLE, STALE_HOURS_TABLE])
        await raw(`delete from ${table} where event_id in (${part.map(checked).join(', ')})`, []);
    for (const part of chunks(stands)) {
      const ids = part.map(checked).join(', ');
      await markStale(
        raw,
        pairsOf(await raw(`select distinct event_id, hour from ${PAGE_VIEW_HOURS_TABLE} where stand_id in (${ids})`, [])),
      );
      await raw(`delete from ${PAGE_VIEW_HOURS_TABLE} where stand_id in (${ids})`, []);
      await raw(`delete from ${PLACE_HOURS_TABLE} where stand_id in (${ids})`, []);
    }
  });
};

/**
 * At start: an upgraded database (views, no rollup yet) is rolled up once from its views, in one
 * statement per kind; a database with no views, or already rolled up, costs two `limit 1` reads.
 * Idempotent: another instance doing the same at once conflicts on the key and does nothing.
 */
export const backfillPageViewHours = async (strapi: Core.Strapi): Promise<boolean> => {
  const knex = strapi.db.connection;
  const p = partsOf(strapi);
  const any = async (statement: string) => rowsOf(await knex.raw(statement)).length > 0;
  // Every hour of the rollup stale (decision 060), in the caller's transaction.
  const allStale = async (raw: Raw): Promise<void> => {
    await raw(
      `insert into ${STALE_HOURS_TABLE} (event_id, hour, version) select distinct event_id, hour, 1 from ${PAGE_VIEW_HOURS_TABLE} where event_id <> 0 ` +
        `on conflict (event_id, hour) do update set version = ${STALE_HOURS_TABLE}.version + 1`,
      [],
    );
  };
  if (await any(`select 1 from ${PAGE_VIEW_HOURS_TABLE} limit 1`)) {
    // Rolled up before the dashboard's summary existed (an upgrade): its first read makes it.
    if (!(await any(`select 1 from ${PLACE_HOURS_TABLE} limit 1`)) && !(await any(`select 1 from ${STALE_HOURS_TABLE} limit 1`)))
      await inTransaction(strapi, allStale);
    return false;
  }
  if (!(await any(`select 1 from ${p.pv} limit 1`))) return false;
  await inTransaction(strapi, async (raw) => {
    // Every view up to the last one written is rolled up here: its pending mark goes (decision 075),
    // under the drain's lock, so no drain counts an anonymous one again. Views written meanwhile stay pending.
    if (strapi.db.dialect.client === 'postgres') await raw('select pg_advisory_xact_lock(?)', [ROLLUP_LOCK_KEY]);
    const last = checked(
      Number(rowsOf<{ last: unknown }>(await raw(`select coalesce(max(id), 0) as last from ${p.pv}`, []))[0]?.last ?? 0),
    );
    await raw(insertRows(anonymousRows(viewsWith(p, `c.${p.cl.own} is null and v.id <= ${last}`)), 'nothing'), []);
    await raw(insertRows(clientRows(viewsWith(p, `v.id <= ${last}`, true)), 'nothing'), []);
    await raw(`delete from ${PENDING_TABLE} where view_id <= ${last}`, []);
    await allStale(raw);
  });
  // After a bulk insert: the planner's statistics, and (PostgreSQL) the visibility map, without
  // which the report's index-only scans still read every row's page (decision 057). Autovacuum
  // would get there later; a first start after an upgrade is fast at once. Outside a transaction.
  await knex.raw(
    strapi.db.dialect.client === 'postgres' ? `vacuum (analyze) ${PAGE_VIEW_HOURS_TABLE}` : `analyze ${PAGE_VIEW_HOURS_TABLE}`,
  );
  return true;
};
