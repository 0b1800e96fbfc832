import { describe, expect, it } from 'vitest';
import type { Identity } from './identity';
import { mayEndSessions, SessionMemo } from './session-memo';

const who = (id: number): Identity => ({
  kind: 'client',
  id,
  name: `Cliente ${id}`,
  email: `c${id}@exemplo.com.br`,
  soft: false,
  jti: `j${id}`,
});

const memoAt = (clock: { now: number }, ttlMs = 60_000, maxEntries = 100) => new SessionMemo({ ttlMs, maxEntries, now: () => clock.now });

describe('mayEndSessions', () => {
  it('counts updates and deletes of sessions, their account links and the accounts, by any writer', () => {
    expect(mayEndSessions('update "sessions" set "revoked_at" = $1 where "id" in ($2)')).toBe(true);
    expect(mayEndSessions('update `sessions` set `revoked_at` = ? where `jti` = ?')).toBe(true);
    expect(mayEndSessions('delete from "public"."sessions" where "id" = $1')).toBe(true);
    expect(mayEndSessions('delete from "sessions_client_lnk" where "session_id" in ($1)')).toBe(true);
    expect(mayEndSessions('update "clients" set "login_locked" = $1 where "id" = $2')).toBe(true);
    expect(mayEndSessions('delete from "clients" where "id" = $1')).toBe(true);
    expect(mayEndSessions('update "staff_users" set "role" = $1 where "id" = $2')).toBe(true);
    expect(
      mayEndSessions('insert into "sessions" ("jti") values ($1) on conflict ("jti") do update set "revoked_at" = excluded."revoked_at"'),
    ).toBe(true);
    expect(mayEndSessions('insert or replace into `clients` (`id`) values (?)')).toBe(true);
    // What it cannot read counts too.
    expect(mayEndSessions('ALTER TABLE "sessions" ADD COLUMN "x" integer')).toBe(true);
  });

  it('lets a login, a new client, reads and the other tables pass', () => {
    expect(mayEndSessions('insert into "sessions" ("jti", "audience") values ($1, $2) returning "id"')).toBe(false);
    expect(mayEndSessions('insert into "sessions_client_lnk" ("session_id", "client_id") values ($1, $2)')).toBe(false);
    expect(mayEndSessions('insert into "clients" ("name") values ($1) returning "id"')).toBe(false);
    expect(mayEndSessions('select "s"."audience" from "sessions" as "s" where "s"."jti" = $1')).toBe(false);
    expect(mayEndSessions('update "watch_sessions" set "seconds" = $1')).toBe(false);
    expect(mayEndSessions('delete from "clients_favourite_stands_lnk" where "client_id" = $1')).toBe(false);
    expect(mayEndSessions('update "page_views" set "path" = $1')).toBe(false);
    expect(
      mayEndSessions(
        'insert into watch_sessions (key, seconds) values ($1, $2) on conflict (key) do update set seconds = watch_sessions.seconds + excluded.seconds',
      ),
    ).toBe(false);
  });
});

describe('SessionMemo', () => {
  it('keeps a session until its time (75–100 % of ttlMs) or its end, whichever comes first', () => {
    const clock = { now: 1_000_000 };
    const memo = memoAt(clock);
    memo.set('a', who(1), clock.now + 3_600_000, memo.generation);
    memo.set('b', who(2), clock.now + 10_000, memo.generation);
    expect(memo.get('a')).toEqual(who(1));
    expect(memo.get('b')).toEqual(who(2));
    clock.now += 10_000;
    expect(memo.get('b')).toBeNull();
    expect(memo.get('a')).toEqual(who(1));
    clock.now += 35_000 - 1; // 45 s - 1 ms after: within 75 % of a minute
    expect(memo.get('a')).toEqual(who(1));
    clock.now += 15_001; // a minute after
    expect(memo.get('a')).toBeNull();
    expect(memo.size).toBe(0);
  });

  it('spreads the times of sessions kept together', () => {
    const clock = { now: 0 };
    const memo = memoAt(clock, 60_000, 1000);
    for (let i = 0; i < 200; i += 1) memo.set(`s${i}`, who(i), Number.MAX_SAFE_INTEGER, memo.generation);
    clock.now = 52_500;
    const left = Array.from({ length: 200 }, (_, i) => memo.get(`s${i}`)).filter(Boolean).length;
    // Half of the span (45–60 s) has passed: about half are gone, not all or none.
    expect(left).toBeGreaterThan(40);
    expect(left).toBeLessThan(160);
  });

  it('forgets everything at a write that may end a session, sent or answered, and in a transaction again at its end', () => {
    const clock = { now: 0 };
    const memo = memoAt(clock);
    const fill = () => memo.set('a', who(1), 1e15, memo.generation);
    fill();
    memo.noteStatement('insert into "sessions" ("jti") values ($1)', undefined, true);
    memo.noteStatement('update "rooms" set "name" = $1', undefined, true);
    expect(memo.get('a')).toEqual(who(1));
    memo.noteStatement('update "sessions" set "revoked_at" = $1 where "jti" = $2', undefined, false);
    expect(memo.get('a')).toBeNull();
    // In a transaction: forgotten when sent, and again when it commits (what was read meanwhile saw the old rows).
    fill();
    memo.noteStatement('update "clients" set "login_locked" = $1', 'trx1', true);
    expect(memo.get('a')).toBeNull();
    fill();
    memo.noteStatement('COMMIT;', 'trx1', true);
    expect(memo.get('a')).toBeNull();
    fill();
    memo.connectionReleased('trx1');
    expect(memo.get('a')).toBeNull();
    // Once: what is kept after the transaction's end stays.
    fill();
    memo.connectionReleased('trx1');
    expect(memo.get('a')).toEqual(who(1));
  });

  it('does not keep a session found live before a write that came while it was being checked', () => {
    const memo = memoAt({ now: 0 });
    const generation = memo.generation;
    memo.noteStatement('delete from "sessions" where "id" = $1', undefined, true);
    memo.set('a', who(1), 1e15, generation);
    expect(memo.get('a')).toBeNull();
  });

  it('keeps at most maxEntries, dropping the oldest; ttlMs 0 keeps nothing', () => {
    const memo = memoAt({ now: 0 }, 60_000, 2);
    for (const [jti, id] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ] as const)
      memo.set(jti, who(id), 1e15, memo.generation);
    expect([memo.get('a'), memo.get('b'), memo.get('c')]).toEqual([null, who(2), who(3)]);
    const off = memoAt({ now: 0 }, 0);
    off.set('a', who(1), 1e15, off.generation);
    expect(off.get('a')).toBeNull();
  });

  it('checks a session once for the heartbeats that arrive together, unless a write comes meanwhile', async () => {
    const memo = memoAt({ now: 0 });
    let checks = 0;
    const release: Array<() => void> = [];
    const check = () =>
      new Promise<string>((resolve) => {
        checks += 1;
        const n = checks;
        release.push(() => resolve(`check ${n}`));
      });
    const together = [memo.once('a', check), memo.once('a', check), memo.once('a', check)];
    const other = memo.once('b', check);
    expect(checks).toBe(2);
    release.forEach((go) => go());
    expect(await Promise.all(together)).toEqual(['check 1', 'check 1', 'check 1']);
    expect(await other).toBe('check 2');

    // A write while a check is under way: who came after it asks again, as does who was waiting.
    release.length = 0;
    const first = memo.once('a', check);
    const waiting = memo.once('a', check);
    memo.noteStatement('update "sessions" set "revoked_at" = $1', undefined, true);
    const after = memo.once('a', check);
    expect(checks).toBe(4);
    release[0]();
    await Promise.resolve();
    await Promise.resolve();
    expect(checks).toBe(5);
    release.slice(1).forEach((go) => go());
    expect(await first).toBe('check 3');
    expect(await after).toBe('check 4');
    expect(await waiting).toBe('check 5');
  });

  it('passes a failed check to everyone who waited for it, and checks again next time', async () => {
    const memo = memoAt({ now: 0 });
    const down = new Error('ECONNREFUSED');
    let fail: (error: Error) => void = () => undefined;
    const failing = () => new Promise<string>((_resolve, reject) => (fail = reject));
    const together = [memo.once('a', failing), memo.once('a', failing)];
    fail(down);
    await expect(together[0]).rejects.toBe(down);
    await expect(together[1]).rejects.toBe(down);
    expect(await memo.once('a', async () => 'again')).toBe('again');
  });
});
