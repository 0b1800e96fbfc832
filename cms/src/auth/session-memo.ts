import { tablesWritten, WatchedWrites } from '../http/watched-writes';
import { settings } from '../lib/settings';
import type { Identity } from './identity';

/**
 * The live sessions a client's heartbeats were checked against, kept in memory (decision 061).
 *
 * A playing lecture beats every 30 s per visitor: at a congress, thousands of token and session
 * checks a second, each the same answer as 30 s before. A token found valid, with its session
 * live, is kept (by the token itself and the signing key's generation: strategy.ts) until the
 * first of:
 * - a write that may end a session or make an account unusable: an UPDATE or DELETE of the
 *   sessions, their links to accounts, or the accounts' own rows, by any statement of this process (logout,
 *   revocation, password change, lock, erasure, a deletion in the Content Manager, a raw
 *   statement) — everything kept is dropped; a statement this process cannot read counts too.
 *   Inserts (a login, a new client) end no session and keep it;
 * - the end of the session or of its token;
 * - `ttlMs` (SESSION_MEMO_MS, 5 minutes by default; each entry 75–100 % of it, so sessions kept
 *   together are not checked again together): the bound for writes this process cannot see
 *   (another instance's when Redis is not set, one made with psql).
 * With REDIS_URL, the other instances' writes empty it too (http/redis-sync.ts).
 */
export interface SessionMemoOptions {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}

interface Entry {
  identity: Identity;
  endsAt: number;
  /** When it is checked again at the latest: stored + 75–100 % of `ttlMs`, so sessions kept together are not all checked again together. */
  until: number;
}

/** The tables a session check reads (identify's one statement): sessions, their links to accounts, the accounts. */
const SESSION_TABLES = /^(sessions(_\w+_lnk)?|clients|staff_users)$/;
const CHANGED = /\b(?:update(?!\s+set\b)|delete\s+from|replace\s+into)\s+(?:[`"]?\w+[`"]?\.)?[`"]?(\w+)[`"]?/gi;

/** Whether a statement may end a session or change an account a session check reads. */
export const mayEndSessions = (sql: string): boolean => {
  const tables = tablesWritten(sql);
  if (tables === null) return true;
  if (!tables.some((table) => SESSION_TABLES.test(table))) return false;
  // An insert that may overwrite a row (upsert, SQLite's OR REPLACE) counts as an update.
  if (/\bon\s+conflict\b[\s\S]*\bdo\s+update\b|^\s*insert\s+or\s+replace\b/i.test(sql)) return true;
  return [...sql.matchAll(CHANGED)].some((match) => SESSION_TABLES.test(match[1].toLowerCase()));
};

export class SessionMemo extends WatchedWrites {
  private readonly entries = new Map<string, Entry>();
  /** The checks under way, by key, with the generation each began at. */
  private readonly flights = new Map<string, { generation: number; result: Promise<unknown> }>();
  private readonly now: () => number;

  constructor(private readonly options: SessionMemoOptions) {
    super();
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  protected concerns(sql: string): boolean {
    return mayEndSessions(sql);
  }

  protected emptied(): void {
    this.entries.clear();
  }

  /** The identity a live session was found with, while it may still be trusted. */
  get(key: string): Identity | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    const now = this.now();
    if (now >= entry.endsAt || now >= entry.until) {
      this.entries.delete(key);
      return null;
    }
    return entry.identity;
  }

  /**
   * One check at a time per session: a heartbeat of a session whose check is under way waits for
   * that check instead of asking the database again — unless a write that may end sessions came
   * since that check began, before or while it is waited for: then it asks itself.
   */
  async once<T>(key: string, check: () => Promise<T>): Promise<T> {
    const flight = this.flights.get(key);
    if (flight && flight.generation === this.generation) {
      const result = (await flight.result) as T;
      if (flight.generation === this.generation) return result;
    }
    const own = { generation: this.generation, result: check() };
    this.flights.set(key, own);
    try {
      return (await own.result) as T;
    } finally {
      if (this.flights.get(key) === own) this.flights.delete(key);
    }
  }

  /** Keeps a session found live while the memo was at `generation` (a write since then: not kept). */
  set(key: string, identity: Identity, endsAt: number, generation: number): void {
    if (this.options.ttlMs <= 0 || generation !== this.generation) return;
    this.entries.delete(key);
    while (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    const ttl = this.options.ttlMs * (0.75 + 0.25 * Math.random());
    this.entries.set(key, { identity, endsAt, until: this.now() + ttl });
  }
}

/** At most this many tokens kept (≈ 600 bytes each with the token): a congress of 100,000 watchers, ≈ 60 MB. */
export const SESSION_MEMO_MAX = 100_000;

/** One memo per Strapi (the API tests boot several in one process). */
const memos = new WeakMap<object, SessionMemo>();

export const sessionMemoOf = (strapi: object): SessionMemo => {
  let memo = memos.get(strapi);
  if (!memo) {
    memo = new SessionMemo({ ttlMs: settings().sessionMemoMs, maxEntries: SESSION_MEMO_MAX });
    memos.set(strapi, memo);
  }
  return memo;
};
