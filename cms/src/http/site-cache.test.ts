import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { bodyFor, changesPublicReads, isCacheablePath, SiteCache, tablesWritten } from './site-cache';

describe('which statements change the site public reads (decision 044)', () => {
  it('names the tables an insert, update or delete writes, on PostgreSQL and SQLite', () => {
    expect(tablesWritten('insert into "public"."stands" ("name") values ($1) returning "id"')).toEqual(['stands']);
    expect(tablesWritten('insert into `medias_stand_lnk` (`media_id`, `stand_id`) values (?, ?)')).toEqual(['medias_stand_lnk']);
    expect(tablesWritten('update "stands" t set "lnk_event_id" = l."event_id" from "stands_event_lnk" l')).toEqual(['stands']);
    expect(tablesWritten('delete from "public"."files_related_mph" where "id" = $1')).toEqual(['files_related_mph']);
    expect(tablesWritten('insert into "sessions" ("jti") values ($1) on conflict ("jti") do update set "ip" = excluded."ip"')).toEqual([
      'sessions',
    ]);
  });

  it('reads nothing into a read, and counts what it cannot tell (DDL, a function) as a write', () => {
    expect(tablesWritten('select "t0".* from "stands" as "t0" where "t0"."id" = $1 for update')).toEqual([]);
    expect(tablesWritten('PRAGMA data_version')).toEqual([]);
    expect(tablesWritten('with ids as (select id from stands) select count(*) from ids')).toEqual([]);
    expect(tablesWritten('alter table "stands" add column "x" integer')).toBeNull();
    expect(tablesWritten('select pg_advisory_xact_lock(1)')).toEqual([]);
    expect(tablesWritten('truncate "stands"')).toBeNull();
  });

  it('ignores the tables an opening writes all the time and no public read shows', () => {
    for (const table of [
      'sessions',
      'sessions_client_lnk',
      'page_views',
      'page_views_event_lnk',
      'clients',
      'clients_events_lnk',
      'logs',
      'strapi_api_tokens',
      // Commerce (decision 045): no public read shows them; prices live on events and lectures.
      'orders',
      'payments',
      'coupons',
      'orders_coupon_lnk',
      // The dashboards' rollup, written with every page-view batch and drain, read by staff only (decision 075).
      'page_view_hours',
      'page_view_place_hours',
      'page_view_hours_stale',
      'page_view_rollup_pending',
      // The minutes watched, written with every heartbeat batch; the e-mails and the job system's tables: staff only.
      'watch_minutes',
      'email_messages',
      'email_suppressions',
      'job_queue',
      'job_schedules',
    ])
      expect(changesPublicReads(`insert into "${table}" ("a") values ($1)`), table).toBe(false);
    for (const table of ['stands', 'stands_event_lnk', 'events', 'files', 'files_related_mph', 'lectures_speakers_lnk', 'lectures'])
      expect(changesPublicReads(`update "${table}" set "a" = $1`), table).toBe(true);
    expect(changesPublicReads('create index "x" on "stands" ("name")')).toBe(true);
  });

  it('ignores the heartbeats’ upserts and the stand events (decision 047)', () => {
    for (const table of ['watch_sessions_client_lnk', 'watch_sessions_lecture_lnk', 'stand_events', 'stand_events_stand_lnk'])
      expect(changesPublicReads(`insert into ${table} (a, b) select v.a, v.b from (select 1 as a, 2 as b) v`), table).toBe(false);
    expect(
      changesPublicReads(
        'insert into watch_sessions (document_id, key, seconds) values (?, ?, ?) on conflict (key) do update set seconds = watch_sessions.seconds + excluded.seconds returning id, key',
      ),
    ).toBe(false);
  });
});

describe('the public reads kept', () => {
  it('keeps only the site reads that are the same for everyone', () => {
    for (const path of [
      '/events',
      '/events/featured',
      '/events/3',
      '/stands',
      '/stands/12',
      '/rooms/4/schedule',
      '/lectures/event/1',
      '/lectures/me',
      '/medias',
      '/pages/termos-de-uso',
    ])
      expect(isCacheablePath(`/api/site/v1${path}`), path).toBe(true);
    for (const path of [
      '/api/site/v1/events/me',
      '/api/site/v1/networks/1',
      '/api/site/v1/clients/me',
      '/api/site/v1/clients/me/agenda',
      '/api/cms/v1/stands',
      '/api/stands',
      '/api/site/v1/lectures/subscribed/2',
      // Commerce answers per client (decision 045).
      '/api/site/v1/orders',
      '/api/site/v1/orders/3',
      '/api/site/v1/orders/access/1',
    ])
      expect(isCacheablePath(path), path).toBe(false);
  });

  const answer = { json: '{"data":1}', headers: { 'cache-control': 'public, no-cache' }, etag: 'W/"a"' };

  it('forgets everything at a write it may show, and keeps nothing read before it', () => {
    const cache = new SiteCache({ ttlMs: 5000, maxEntries: 10 });
    cache.set('a', answer, cache.generation);
    expect(cache.get('a')?.json).toBe('{"data":1}');
    const readAt = cache.generation;
    cache.noteStatement('update "stands" set "name" = $1', undefined, false);
    expect(cache.get('a')).toBeNull();
    cache.set('b', answer, readAt); // answered from before the write
    expect(cache.get('b')).toBeNull();
    cache.noteStatement('insert into "page_views" ("path") values ($1)', undefined, false);
    cache.set('c', answer, cache.generation);
    cache.noteStatement('insert into "sessions" ("jti") values ($1)', undefined, true);
    expect(cache.get('c')).not.toBeNull();
  });

  it('forgets again when a transaction that wrote is over (a read while it was open saw the old rows), and tells the other instances then', () => {
    const cache = new SiteCache({ ttlMs: 5000, maxEntries: 10 });
    const told: number[] = [];
    cache.onWrite(() => told.push(cache.generation));
    cache.noteStatement('update "stands" set "name" = $1', 'trx1', false);
    cache.noteStatement('update "stands" set "name" = $1', 'trx1', true);
    expect(told).toEqual([]); // not committed yet: the others would read the old rows
    cache.set('a', answer, cache.generation); // read while trx1 is open: the old name
    cache.noteStatement('COMMIT;', 'trx1', false);
    cache.set('b', answer, cache.generation); // read while the COMMIT is on its way
    cache.connectionReleased('trx1');
    expect(cache.get('a')).toBeNull();
    expect(cache.get('b')).toBeNull();
    expect(told).toHaveLength(1);
    cache.connectionReleased('trx1'); // the connection's next use: nothing pending
    expect(told).toHaveLength(1);
    // A transaction that wrote only unseen tables ends without emptying the cache.
    cache.set('c', answer, cache.generation);
    cache.noteStatement('insert into "page_views" ("path") values ($1)', 'trx2', false);
    cache.noteStatement('COMMIT;', 'trx2', false);
    cache.connectionReleased('trx2');
    expect(cache.get('c')).not.toBeNull();
    // A write outside a transaction is told once it answered.
    cache.noteStatement('delete from "rooms" where "id" = $1', undefined, false);
    expect(told).toHaveLength(1);
    cache.noteStatement('delete from "rooms" where "id" = $1', undefined, true);
    expect(told).toHaveLength(2);
    // Emptied because another instance said so: not told back.
    cache.invalidate();
    expect(told).toHaveLength(2);
  });

  it('keeps an answer ttlMs at most, and drops the oldest past maxEntries', () => {
    let now = 1_000;
    const cache = new SiteCache({ ttlMs: 5000, maxEntries: 2, now: () => now });
    cache.set('a', answer, cache.generation);
    now += 4_999;
    expect(cache.get('a')).not.toBeNull();
    now += 1;
    expect(cache.get('a')).toBeNull();
    cache.set('a', answer, cache.generation);
    cache.set('b', answer, cache.generation);
    cache.set('c', answer, cache.generation);
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeNull();
    expect(cache.get('c')).not.toBeNull();
    expect(new SiteCache({ ttlMs: 0, maxEntries: 2 }).enabled).toBe(false);
  });

  it('sends a kept answer compressed as the client accepts, made once, and a small one as it is', () => {
    const cache = new SiteCache({ ttlMs: 5000, maxEntries: 10 });
    const json = JSON.stringify({ data: { rows: Array.from({ length: 50 }, (_, i) => ({ id: i, name: `Estande ${i}` })) } });
    cache.set('big', { json, headers: {} }, cache.generation);
    const kept = cache.get('big')!;
    const br = bodyFor(kept, 'gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(zlib.brotliDecompressSync(br.body as Buffer).toString()).toBe(json);
    expect(bodyFor(kept, 'gzip, deflate, br').body).toBe(br.body);
    const gzip = bodyFor(kept, 'gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body as Buffer).toString()).toBe(json);
    expect(bodyFor(kept, undefined)).toEqual({ body: json, encoding: null });
    expect(bodyFor(kept, 'identity')).toEqual({ body: json, encoding: null });
    cache.set('small', answer, cache.generation);
    expect(bodyFor(cache.get('small')!, 'br')).toEqual({ body: answer.json, encoding: null });
  });
});
