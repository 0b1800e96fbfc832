import type { Core } from '@strapi/strapi';
import { PAGE_VIEW_HOURS_TABLE, PLACE_HOURS_TABLE, STALE_HOURS_TABLE } from '../analytics/page-view-hours';
import { chunksOf, inTransaction, marks, rowsOf, type Raw } from '../analytics/sql';
import { countByBit, countDistinct, decodeIds, encodeIds } from './id-sets';
import { num } from './sql';
import type { ZonedRange } from './zone';

/**
 * The event dashboard's summary of the hourly rollup (decision 060): one row per event, UTC hour
 * and place (a stand, or a hall's path) with its views, its seconds, its tails and the set of its
 * signed-in clients. Made from `page_view_hours` when the dashboard reads an hour marked stale by
 * a writer of the rollup; a past event's hours are made once. The dashboard then reads a few
 * thousand rows instead of counting distinct clients over millions.
 */

/** A summary row as the dashboard uses it. */
export interface PlaceHour {
  hour: number;
  standId: number;
  path: string;
  views: number;
  /** Seconds of gaps within the hour. */
  seconds: number;
  /** [hour of the next view, seconds]: the hour's last views' gaps, counted when that hour is in the range. */
  tails: Array<[number, number]>;
  clients: Int32Array;
}

/** Hours made again in one transaction: a bound on the rows read at once (the bench's hours hold ≈ 25,000). */
const HOURS_AT_ONCE = 4;
/** The advisory lock's first key (PostgreSQL): one rebuild of an event at a time, across instances. */
const LOCK_SPACE = 60_060;

interface Building {
  hour: number;
  standId: number;
  path: string;
  views: number;
  seconds: number;
  tails: Map<number, number>;
  clients: number[];
}

/** Makes the summary rows of some stale hours again, and clears their marks if no writer came since. */
const rebuild = async (raw: Raw, eventId: number, hours: readonly number[], pg: boolean): Promise<void> => {
  if (pg) await raw('select pg_advisory_xact_lock(?, cast(? as integer))', [LOCK_SPACE, eventId]);
  // Read inside the lock: another reader may have made them meanwhile. The versions first, the
  // rows after: a writer committing in between bumps the version, so its mark stays.
  const stale = rowsOf<{ hour: unknown; version: unknown }>(
    await raw(`select hour, version from ${STALE_HOURS_TABLE} where event_id = ? and hour in (${hours.map(() => '?').join(', ')})`, [
      eventId,
      ...hours,
    ]),
  ).map((row) => [num(row.hour), num(row.version)] as const);
  if (stale.length === 0) return;
  const list = stale.map(([hour]) => hour);
  const inList = `hour in (${list.map(() => '?').join(', ')})`;
  const rows = rowsOf<Record<string, unknown>>(
    await raw(
      `select hour, stand_id, path, client_id, views, seconds, tail_seconds, tail_until from ${PAGE_VIEW_HOURS_TABLE} where event_id = ? and ${inList}`,
      [eventId, ...list],
    ),
  );
  const made = new Map<string, Building>();
  for (const row of rows) {
    const [hour, standId, path] = [num(row.hour), num(row.stand_id), String(row.path)];
    const key = `${hour}\u0000${standId}\u0000${path}`;
    let place = made.get(key);
    if (!place) {
      place = { hour, standId, path, views: 0, seconds: 0, tails: new Map(), clients: [] };
      made.set(key, place);
    }
    place.views += num(row.views);
    place.seconds += num(row.seconds);
    if (row.tail_until !== null && row.tail_until !== undefined) {
      const until = num(row.tail_until);
      place.tails.set(until, (place.tails.get(until) ?? 0) + num(row.tail_seconds));
    }
    const client = num(row.client_id);
    if (client !== 0) place.clients.push(client);
  }
  await raw(`delete from ${PLACE_HOURS_TABLE} where event_id = ? and ${inList}`, [eventId, ...list]);
  for (const part of chunksOf([...made.values()], 200))
    await raw(
      `insert into ${PLACE_HOURS_TABLE} (event_id, hour, stand_id, path, views, seconds, tails, clients) values ${marks(part.length, 8)}`,
      part.flatMap((place) => [
        eventId,
        place.hour,
        place.standId,
        place.path,
        place.views,
        place.seconds,
        JSON.stringify([...place.tails].sort((a, b) => a[0] - b[0])),
        encodeIds(place.clients),
      ]),
    );
  for (const part of chunksOf(stale, 200))
    await raw(`delete from ${STALE_HOURS_TABLE} where event_id = ? and (${part.map(() => '(hour = ? and version = ?)').join(' or ')})`, [
      eventId,
      ...part.flat(),
    ]);
};

/** Makes the event's stale hours in [fromHour, toHour) again; nothing stale costs one indexed read. */
export const refreshPlaceHours = async (strapi: Core.Strapi, eventId: number, fromHour: number, toHour: number): Promise<void> => {
  const stale = rowsOf<{ hour: unknown }>(
    await strapi.db.connection.raw(`select hour from ${STALE_HOURS_TABLE} where event_id = ? and hour >= ? and hour < ? order by hour`, [
      eventId,
      fromHour,
      toHour,
    ]),
  ).map((row) => num(row.hour));
  const pg = strapi.db.dialect.client === 'postgres';
  for (const hours of chunksOf(stale, HOURS_AT_ONCE)) await inTransaction(strapi, (raw) => rebuild(raw, eventId, hours, pg));
};

/** The event's summary rows in [fromHour, toHour), made again where stale first. */
export const readPlaceHours = async (strapi: Core.Strapi, eventId: number, fromHour: number, toHour: number): Promise<PlaceHour[]> => {
  await refreshPlaceHours(strapi, eventId, fromHour, toHour);
  const rows = rowsOf<Record<string, unknown>>(
    await strapi.db.connection.raw(
      `select hour, stand_id, path, views, seconds, tails, clients from ${PLACE_HOURS_TABLE} where event_id = ? and hour >= ? and hour < ?`,
      [eventId, fromHour, toHour],
    ),
  );
  return rows.map((row) => ({
    hour: num(row.hour),
    standId: num(row.stand_id),
    path: String(row.path),
    views: num(row.views),
    seconds: num(row.seconds),
    tails: JSON.parse(String(row.tails)) as Array<[number, number]>,
    clients: decodeIds(row.clients as Uint8Array),
  }));
};

/** The figures the dashboard's queries gave, in their rows' shapes (decision 053's reading of the rollup). */
export interface Summary {
  perDay: Array<{ d: number; visits: number; uniques: number }>;
  perHour: Array<{ h: number; visits: number; uniques: number }>;
  totals: Array<{ visits: number; uniques: number }>;
  halls: Array<{ path: string; visits: number; uniques: number; seconds: number }>;
  stands: Array<{ stand_id: number; visits: number; uniques: number }>;
}

/** The local seconds of an instant (seconds since 1970) in the range's zone, as `sql.ts`'s CASE gives them. */
const localSecondsOf = (seconds: number, range: ZonedRange): number => {
  let offset = range.offsets[0].offset;
  for (const piece of range.offsets.slice(1)) if (seconds >= Math.floor(piece.since / 1000)) offset = piece.offset;
  return seconds + offset;
};

interface Bucket<K> {
  key: K;
  visits: number;
  seconds: number;
  sets: Int32Array[];
}

const bucketIn = <K>(buckets: Map<K, Bucket<K>>, key: K): Bucket<K> => {
  let bucket = buckets.get(key);
  if (!bucket) {
    bucket = { key, visits: 0, seconds: 0, sets: [] };
    buckets.set(key, bucket);
  }
  return bucket;
};

/** Sums and distinct clients per local day, hour of the day, hall and stand, and in all, of a range's summary rows. */
export const summarize = (rows: readonly PlaceHour[], range: ZonedRange): Summary => {
  const endHour = range.end / 3_600_000;
  const [days, hours, halls, stands] = [
    new Map<number, Bucket<number>>(),
    new Map<number, Bucket<number>>(),
    new Map<string, Bucket<string>>(),
    new Map<number, Bucket<number>>(),
  ];
  let visits = 0;
  const byHour: Array<{ ids: Int32Array; bit: number }> = [];
  for (const row of rows) {
    const local = localSecondsOf(row.hour * 3600, range);
    const hour = Math.floor(local / 3600) % 24;
    const seconds = row.seconds + row.tails.reduce((sum, [until, tail]) => (until < endHour ? sum + tail : sum), 0);
    const place = row.standId === 0 ? bucketIn(halls, row.path) : bucketIn(stands, row.standId);
    visits += row.views;
    for (const bucket of [bucketIn(days, Math.floor(local / 86400)), bucketIn(hours, hour), place]) {
      bucket.visits += row.views;
      bucket.seconds += seconds;
      if (row.clients.length > 0) bucket.sets.push(row.clients);
    }
    if (row.clients.length > 0) byHour.push({ ids: row.clients, bit: hour });
  }
  // Hours of the day (and all) by each client's bits; days and places by stamps.
  const perHourOfDay = countByBit(byHour);
  const lists = [[...days.values()], [...halls.values()], [...stands.values()]] as const;
  const counts = countDistinct(lists.flatMap((list) => list.map((bucket) => bucket.sets)));
  const uniques = new Map<Bucket<unknown>, number>();
  let next = 0;
  for (const list of lists) for (const bucket of list) uniques.set(bucket as Bucket<unknown>, counts[next++]);
  const of = (bucket: Bucket<unknown>) => uniques.get(bucket) ?? 0;
  return {
    perDay: lists[0].map((bucket) => ({ d: bucket.key, visits: bucket.visits, uniques: of(bucket) })),
    perHour: [...hours.values()].map((bucket) => ({ h: bucket.key, visits: bucket.visits, uniques: perHourOfDay.perBit[bucket.key] })),
    totals: [{ visits, uniques: perHourOfDay.all }],
    halls: lists[1].map((bucket) => ({ path: bucket.key, visits: bucket.visits, uniques: of(bucket), seconds: bucket.seconds })),
    stands: lists[2].map((bucket) => ({ stand_id: bucket.key, visits: bucket.visits, uniques: of(bucket) })),
  };
};

/**
 * 'Geral': each event's visits and unique visitors in [fromHour, toHour), from the summary (its
 * stale hours made again first). Events are those with summary rows or marks in the range: every
 * writer of the rollup marks what it wrote, so an hour with rollup rows has one or the other.
 */
export const eventTotals = async (
  strapi: Core.Strapi,
  fromHour: number,
  toHour: number,
): Promise<Map<number, { visits: number; uniques: number }>> => {
  const knex = strapi.db.connection;
  const stale = rowsOf<{ event_id: unknown }>(
    await knex.raw(`select distinct event_id from ${STALE_HOURS_TABLE} where hour >= ? and hour < ? and event_id <> 0`, [fromHour, toHour]),
  ).map((row) => num(row.event_id));
  for (const eventId of stale) await refreshPlaceHours(strapi, eventId, fromHour, toHour);
  const rows = rowsOf<{ event_id: unknown; views: unknown; clients: Uint8Array }>(
    await knex.raw(`select event_id, views, clients from ${PLACE_HOURS_TABLE} where hour >= ? and hour < ? and event_id <> 0`, [
      fromHour,
      toHour,
    ]),
  );
  const events = new Map<number, { visits: number; sets: Int32Array[] }>();
  for (const row of rows) {
    const id = num(row.event_id);
    const event = events.get(id) ?? { visits: 0, sets: [] };
    event.visits += num(row.views);
    const clients = decodeIds(row.clients);
    if (clients.length > 0) event.sets.push(clients);
    events.set(id, event);
  }
  const list = [...events];
  const counts = countDistinct(list.map(([, event]) => event.sets));
  return new Map(list.map(([id, event], index) => [id, { visits: event.visits, uniques: counts[index] }]));
};
