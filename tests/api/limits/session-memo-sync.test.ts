// Decision 061: the sessions the heartbeats remember, on several instances. Two memos with their
// own Redis connections on the machine's Redis (REDIS_URL), as two instances have: a write that
// may end a session on one empties the other's memo; writes that end none do not; an instance
// does not empty its memo again on hearing its own message.
import crypto from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { SessionMemo } from '../../../cms/src/auth/session-memo';
import type { Identity } from '../../../cms/src/auth/identity';
import { syncWrites } from '../../../cms/src/http/redis-sync';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const channel = `test-${crypto.randomBytes(4).toString('hex')}#sessions`;
const who: Identity = { kind: 'client', id: 7, name: 'Cliente', email: 'c7@exemplo.com.br', soft: false, jti: 'j7' };
const closing: Array<{ close(): Promise<void> }> = [];
const log = { warn: vi.fn() };

const instance = () => {
  const memo = new SessionMemo({ ttlMs: 60_000, maxEntries: 100 });
  closing.push(syncWrites(memo, { redisUrl: REDIS_URL, channel, name: 'sessions', bound: 'SESSION_MEMO_MS' }, log));
  return memo;
};

afterAll(async () => {
  await Promise.all(closing.map((sync) => sync.close()));
});

describe('the remembered sessions of several instances (REDIS_URL)', () => {
  it("empties the other instances' memos after a write that may end a session, and only then", async () => {
    const a = instance();
    const b = instance();
    // Until both have subscribed a message may be lost: write again until the other hears one.
    await vi.waitFor(
      async () => {
        b.set('token', who, Number.MAX_SAFE_INTEGER, b.generation);
        a.noteStatement('update "sessions" set "revoked_at" = $1 where "jti" = $2', undefined, true);
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(b.get('token')).toBeNull();
      },
      { timeout: 10_000, interval: 20 },
    );
    // Writes before the connection was up were only warned about (a message lost): none from now on.
    log.warn.mockClear();

    // A login (a new session) and another table's write tell nobody.
    b.set('token', who, Number.MAX_SAFE_INTEGER, b.generation);
    a.set('mine', who, Number.MAX_SAFE_INTEGER, a.generation);
    a.noteStatement('insert into "sessions" ("jti") values ($1)', undefined, true);
    a.noteStatement('update "rooms" set "name" = $1', undefined, true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(b.get('token')).toEqual(who);
    expect(a.get('mine')).toEqual(who);

    // A lock committed in a transaction on b: a hears it once the connection is back; b keeps what
    // it remembered after its own write (its own message is not for it).
    b.noteStatement('update "clients" set "login_locked" = $1 where "id" = $2', 'trx9', true);
    b.noteStatement('COMMIT;', 'trx9', true);
    b.connectionReleased('trx9');
    b.set('after', who, Number.MAX_SAFE_INTEGER, b.generation);
    await vi.waitFor(() => expect(a.get('mine')).toBeNull(), { timeout: 5_000, interval: 20 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(b.get('after')).toEqual(who);
    expect(log.warn).not.toHaveBeenCalled();
  });
});
