import zlib from 'node:zlib';
import { SITE_PREFIX } from '@plataforma/adapter';
import { pickEncoding } from './encoding';

/**
 * The site's public reads, kept a few seconds in memory (issue 16 §2, decision 044).
 *
 * A congress opening is thousands of attendees asking for the same event, stands, rooms and
 * programme within seconds. Each of those answers is the same for everyone (public routes that
 * never look at who asks), so the first one is kept as the JSON the product answered with its
 * headers, and the next ones are served from memory, gzip and brotli forms made once.
 *
 * An entry is good until one of these comes first:
 * - a write to a table a public read shows: every statement of this process's database
 *   connection is seen (`noteStatement`), the query engine's, a raw one, the Content Manager's;
 *   a transaction's writes count again when its connection is back in the pool, after the
 *   COMMIT, so an answer read before the commit is not kept past it;
 * - `ttlMs` (SITE_CACHE_MS, 5 s by default): the bound for what this process cannot see (another
 *   instance's writes, the `strapi` CLI's, the clock moving a lecture to 'ao vivo').
 *
 * Writes to tables no public read shows (sessions, page views, heartbeats, stand events, the log, clients, chats…) do not
 * count: an opening's logins and page views would otherwise empty the cache many times a second.
 * Commerce's own tables (orders, their items and payments, coupons: decision 045) are never shown
 * publicly; a price or `ticketOnly` lives on events and lectures, whose writes still empty it.
 * `/orders/*` and `/lectures/subscribed/:id` answer per client and are never kept.
 */

/** GET paths (under SITE_PREFIX) whose answers are the same for every visitor. */
const CACHEABLE = [
  /^\/(events|events\/featured|categories|stands|rooms|sponsors|medias|products|speakers)$/,
  /^\/(events|stands|rooms)\/\d+$/,
  /^\/rooms\/\d+\/schedule$/,
  /^\/lectures\/(me|event\/\d+|\d+)$/,
  /^\/pages\/[a-z-]+$/,
];

export const isCacheablePath = (path: string): boolean => {
  if (!path.startsWith(`${SITE_PREFIX}/`)) return false;
  const rest = path.slice(SITE_PREFIX.length);
  return CACHEABLE.some((pattern) => pattern.test(rest));
};

/** Tables written often that no public read shows (a write to any other table empties the cache). */
const UNSEEN_TABLE =
  /^(sessions|page_views|watch_sessions|stand_events|certificates|logs|sms_challenges|chats|chat_messages|contacts|clients|orders|order_items|payments|coupons|import_jobs)(_\w+_lnk)?$|^(strapi_|admin_|up_)/;

/** The tables a statement writes: [] for a read, null when it cannot tell (DDL, an unknown shape: counts as a write). */
export const tablesWritten = (sql: string): string[] | null => {
  const text = sql.trimStart();
  if (/^(select|pragma|show|explain|begin|savepoint|release|set\b)/i.test(text)) return [];
  const found = [
    ...text.matchAll(/\b(?:insert\s+(?:or\s+\w+\s+)?into|update(?!\s+set\b)|delete\s+from)\s+(?:[`"]?\w+[`"]?\.)?[`"]?(\w+)[`"]?/gi),
  ].map((match) => match[1].toLowerCase());
  if (found.length > 0) return found;
  if (/^with\b/i.test(text) && !/\b(insert|update|delete)\b/i.test(text)) return [];
  return null;
};

/** Whether a statement may change what a public read answers. */
export const changesPublicReads = (sql: string): boolean => {
  const tables = tablesWritten(sql);
  return tables === null || tables.some((table) => !UNSEEN_TABLE.test(table));
};

export interface CachedAnswer {
  json: string;
  /** The headers the stack inside the cache set (ETag, Cache-Control, Vary, CORS, Content-Type…). */
  headers: Record<string, string>;
  etag: string | undefined;
  generation: number;
  storedAt: number;
  /** Compressed forms, made on first demand. */
  forms: Partial<Record<'br' | 'gzip', Buffer>>;
}

export interface SiteCacheOptions {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}

/** Bodies bigger than this are not kept (a public read is a few KB; the programme of a big congress, tens). */
const MAX_JSON = 512 * 1024;
/** All the JSON kept together at most (the compressed forms add a fraction of it). */
const MAX_BYTES = 64 * 1024 * 1024;
/** koa-compress's threshold in config/middlewares.ts: smaller answers go uncompressed. */
export const COMPRESS_THRESHOLD = 1024;

export class SiteCache {
  private readonly entries = new Map<string, CachedAnswer>();
  /** The JSON kept, in UTF-16 code units (about bytes for the product's mostly-ASCII answers). */
  private bytes = 0;
  /** Transactions that wrote something a public read shows and whose connection is not back yet. */
  private readonly pendingTransactions = new Set<string>();
  private gen = 0;
  private readonly now: () => number;

  constructor(private readonly options: SiteCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  get enabled(): boolean {
    return this.options.ttlMs > 0;
  }

  get generation(): number {
    return this.gen;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Everything kept is stale from now. */
  invalidate(): void {
    this.gen += 1;
    this.entries.clear();
    this.bytes = 0;
  }

  /**
   * One statement of the process's database connection, when it is sent (`done` false) and when
   * it answered (`done` true; knex says nothing when a COMMIT answered). A write that a public
   * read may show empties the cache both times (a read that ran between the two is not kept);
   * inside a transaction, again when the transaction's connection goes back to the pool, after
   * its COMMIT or ROLLBACK answered (`connectionReleased`): an answer read while it was open saw
   * the old rows.
   */
  noteStatement(sql: string, transactionId: string | undefined, done: boolean): void {
    const text = sql.trimStart();
    if (/^(commit|rollback)\b/i.test(text)) {
      if (transactionId && this.pendingTransactions.has(transactionId)) this.invalidate();
      return;
    }
    if (!changesPublicReads(text)) return;
    if (transactionId) this.pendingTransactions.add(transactionId);
    this.invalidate();
    if (done && !transactionId) this.announce();
  }

  /** A connection went back to the pool; `transactionId` is the last transaction it ran, if any. */
  connectionReleased(transactionId: string | undefined): void {
    if (!transactionId || !this.pendingTransactions.delete(transactionId)) return;
    this.invalidate();
    this.announce();
  }

  private written: (() => void) | null = null;

  /**
   * `listener` hears each write of this process that public reads show, once it is in the
   * database (a statement answered, a transaction committed): the other instances are told
   * (site-cache-sync.ts). Emptying the cache because another instance said so does not call it.
   */
  onWrite(listener: (() => void) | null): void {
    this.written = listener;
  }

  private announce(): void {
    this.written?.();
  }

  get(key: string): CachedAnswer | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.generation !== this.gen || this.now() - entry.storedAt >= this.options.ttlMs) {
      this.drop(key);
      return null;
    }
    return entry;
  }

  /** Keeps an answer read while the cache was at `generation` (a write since then: not kept). */
  set(key: string, answer: { json: string; headers: Record<string, string>; etag?: string }, generation: number): void {
    if (!this.enabled || generation !== this.gen || answer.json.length > MAX_JSON) return;
    this.drop(key);
    while (this.entries.size > 0 && (this.entries.size >= this.options.maxEntries || this.bytes + answer.json.length > MAX_BYTES)) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.drop(oldest);
    }
    this.entries.set(key, { ...answer, etag: answer.etag, generation, storedAt: this.now(), forms: {} });
    this.bytes += answer.json.length;
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.json.length;
    this.entries.delete(key);
  }
}

/** The body to send for an Accept-Encoding: a compressed form (made once per entry) or the JSON itself. */
export const bodyFor = (
  entry: CachedAnswer,
  acceptEncoding: string | undefined,
): { body: Buffer | string; encoding: 'br' | 'gzip' | null } => {
  if (Buffer.byteLength(entry.json) < COMPRESS_THRESHOLD) return { body: entry.json, encoding: null };
  const form = pickEncoding(acceptEncoding, () => true);
  if (!form) return { body: entry.json, encoding: null };
  const encoding = form.encoding;
  entry.forms[encoding] ??=
    encoding === 'br'
      ? zlib.brotliCompressSync(entry.json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } })
      : zlib.gzipSync(entry.json, { level: 6 });
  return { body: entry.forms[encoding] as Buffer, encoding };
};

/** One cache per Strapi (the API tests boot several in one process). */
const caches = new WeakMap<object, SiteCache>();

export const siteCacheOf = (strapi: object, options: () => SiteCacheOptions): SiteCache => {
  let cache = caches.get(strapi);
  if (!cache) {
    cache = new SiteCache(options());
    caches.set(strapi, cache);
  }
  return cache;
};

interface KnexQuery {
  sql?: string;
  __knexTxId?: string;
}

/**
 * Every statement of the connection, sent and answered, reaches `noteStatement`, and every
 * connection handed back to knex's pool `connectionReleased` (a transaction's, once committed).
 */
export const watchStatements = (
  connection: {
    on(event: string, listener: (...args: unknown[]) => void): unknown;
    client?: { pool?: { on(event: string, listener: (resource: unknown) => void): unknown } | null };
  },
  cache: SiteCache,
): void => {
  connection.on('query', (query) => {
    const q = query as KnexQuery;
    if (typeof q?.sql === 'string') cache.noteStatement(q.sql, q.__knexTxId, false);
  });
  const answered = (_response: unknown, query: unknown) => {
    const q = query as KnexQuery;
    if (typeof q?.sql === 'string') cache.noteStatement(q.sql, q.__knexTxId, true);
  };
  connection.on('query-response', answered);
  connection.on('query-error', answered);
  connection.client?.pool?.on('release', (resource) => cache.connectionReleased((resource as KnexQuery | null)?.__knexTxId));
};
