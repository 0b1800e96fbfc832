/**
 * What a kept answer in memory needs to know of the database's writes: the site's public reads
 * (site-cache.ts, decision 044) and the heartbeats' remembered sessions (auth/session-memo.ts,
 * decision 061). Every statement of this process's database connection is seen: the query
 * engine's, a raw one, the Content Manager's, the `strapi` CLI's when it runs in this process.
 */

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

/**
 * Something kept in memory that a write to some tables makes stale. A subclass says which
 * statements concern it (`concerns`) and empties itself (`emptied`); this class tells when.
 *
 * A statement that concerns it empties it twice: when it is sent and when it answered, so a read
 * that ran between the two is not kept (whoever keeps one compares the `generation` it read at).
 * Inside a transaction, again when the transaction's connection goes back to the pool, after its
 * COMMIT or ROLLBACK answered (`connectionReleased`): what was read while it was open saw the
 * old rows. knex says nothing when a COMMIT answered, hence the pool's release.
 */
export abstract class WatchedWrites {
  /** Transactions that wrote something that concerns this and whose connection is not back yet. */
  private readonly pendingTransactions = new Set<string>();
  private gen = 0;
  private written: (() => void) | null = null;

  /** Whether a statement may make what is kept stale. */
  protected abstract concerns(sql: string): boolean;

  /** Drops everything kept. */
  protected abstract emptied(): void;

  get generation(): number {
    return this.gen;
  }

  /** Everything kept is stale from now. */
  invalidate(): void {
    this.gen += 1;
    this.emptied();
  }

  /**
   * One statement of the process's database connection, when it is sent (`done` false) and when
   * it answered (`done` true).
   */
  noteStatement(sql: string, transactionId: string | undefined, done: boolean): void {
    const text = sql.trimStart();
    if (/^(commit|rollback)\b/i.test(text)) {
      if (transactionId && this.pendingTransactions.has(transactionId)) this.invalidate();
      return;
    }
    if (!this.concerns(text)) return;
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

  /**
   * `listener` hears each write of this process that concerns this, once it is in the database
   * (a statement answered, a transaction committed): the other instances are told
   * (redis-sync.ts). Emptying because another instance said so does not call it.
   */
  onWrite(listener: (() => void) | null): void {
    this.written = listener;
  }

  private announce(): void {
    this.written?.();
  }
}

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
  watcher: Pick<WatchedWrites, 'noteStatement' | 'connectionReleased'>,
): void => {
  connection.on('query', (query) => {
    const q = query as KnexQuery;
    if (typeof q?.sql === 'string') watcher.noteStatement(q.sql, q.__knexTxId, false);
  });
  const answered = (_response: unknown, query: unknown) => {
    const q = query as KnexQuery;
    if (typeof q?.sql === 'string') watcher.noteStatement(q.sql, q.__knexTxId, true);
  };
  connection.on('query-response', answered);
  connection.on('query-error', answered);
  connection.client?.pool?.on('release', (resource) => watcher.connectionReleased((resource as KnexQuery | null)?.__knexTxId));
};
