import zlib from 'node:zlib';
import { SITE_PREFIX } from '@plataforma/adapter';
import { pickEncoding } from './encoding';
import { tablesWritten, WatchedWrites } from './watched-writes';

export { tablesWritten, watchStatements } from './watched-writes';

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

/**
 * Tables written often that no public read shows (a write to any other table empties the cache).
 * The dashboards' rollup tables (`page_view_hours`, its summary, its stale marks and its pending
 * views) are written with every page-view batch or drain and read only by staff: before they
 * were listed here, every batch emptied every kept read (decision 075).
 */
const UNSEEN_TABLE =
  /^(sessions|page_views|page_view_hours|page_view_place_hours|page_view_hours_stale|page_view_rollup_pending|watch_sessions|watch_minutes|stand_events|certificates|logs|sms_challenges|chats|chat_messages|contacts|clients|orders|order_items|payments|coupons|import_jobs|email_messages|email_suppressions|job_queue|job_schedules)(_\w+_lnk)?$|^(strapi_|admin_|up_)/;

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

export class SiteCache extends WatchedWrites {
  private readonly entries = new Map<string, CachedAnswer>();
  /** The JSON kept, in UTF-16 code units (about bytes for the product's mostly-ASCII answers). */
  private bytes = 0;
  private readonly now: () => number;

  constructor(private readonly options: SiteCacheOptions) {
    super();
    this.now = options.now ?? Date.now;
  }

  get enabled(): boolean {
    return this.options.ttlMs > 0;
  }

  get size(): number {
    return this.entries.size;
  }

  /** A write a public read may show (see `changesPublicReads`). */
  protected concerns(sql: string): boolean {
    return changesPublicReads(sql);
  }

  /** Everything kept is stale from now. */
  protected emptied(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  get(key: string): CachedAnswer | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.generation !== this.generation || this.now() - entry.storedAt >= this.options.ttlMs) {
      this.drop(key);
      return null;
    }
    return entry;
  }

  /** Keeps an answer read while the cache was at `generation` (a write since then: not kept). */
  set(key: string, answer: { json: string; headers: Record<string, string>; etag?: string }, generation: number): void {
    if (!this.enabled || generation !== this.generation || answer.json.length > MAX_JSON) return;
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
