import type { Core } from '@strapi/strapi';

/**
 * Full-text search tables on SQLite (decision 043). A list's search is `contains` on a few
 * columns: `lower(col) like '%term%'`, which no b-tree index serves, so on SQLite every search
 * read every row of the list (100,000 stands: 20–30 ms a query). Each big list gets an FTS5
 * table with the `trigram` tokenizer over its search columns (external content: the rows stay in
 * their table, the FTS table holds the index), kept by triggers on the table. A search of 3 or
 * more characters first asks the FTS table for the rows containing the term (case-insensitive,
 * a superset of what `like` matches), then applies the same `like` as before to those: the
 * answer is exactly the query engine's. PostgreSQL has its trigram indexes
 * (database/sql/postgres.sql) and needs none of this.
 */
export interface SearchTable {
  uid: string;
  /** The attributes searched together (the spec's `searchFields`). */
  fields: readonly string[];
}

export const SEARCH_TABLES: readonly SearchTable[] = [
  { uid: 'api::stand.stand', fields: ['name', 'subtitle'] },
  { uid: 'api::client.client', fields: ['name', 'email'] },
  { uid: 'api::log.log', fields: ['username', 'email', 'description', 'ip'] },
];

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

interface Ready {
  table: string;
  /** Attribute name → column name. */
  columns: Map<string, string>;
}

/** The trigger that indexes each row inserted (`if not exists`: kept as it is when there). */
const insertTrigger = (tableName: string, table: string, names: readonly string[]): string =>
  `create trigger if not exists ${q(`${table}_insert`)} after insert on ${q(tableName)} begin
  insert into ${q(table)}(rowid, ${names.map(q).join(', ')}) values (new.id, ${names.map((name) => `new.${q(name)}`).join(', ')});
end`;

const ready = new WeakMap<Core.Strapi, Map<string, Ready>>();

/** The search table of a model once this start made it (SQLite only), or undefined. */
export const searchTableOf = (strapi: Core.Strapi, uid: string): Ready | undefined => ready.get(strapi)?.get(uid);

/** Creates the FTS tables and their triggers when missing, and fills a new one from its rows. */
export const ensureSearchTables = async (strapi: Core.Strapi): Promise<void> => {
  if (strapi.db.dialect.client !== 'sqlite') return;
  const made = new Map<string, Ready>();
  const knex = strapi.db.connection;
  for (const search of SEARCH_TABLES) {
    if (!strapi.db.metadata.has(search.uid)) continue;
    const meta = strapi.db.metadata.get(search.uid) as unknown as {
      tableName: string;
      attributes: Record<string, { columnName?: string }>;
    };
    if (search.fields.some((field) => !meta.attributes[field])) continue;
    const columns = new Map(search.fields.map((field) => [field, meta.attributes[field].columnName ?? field]));
    const names = [...columns.values()];
    const table = `${meta.tableName}_search`;
    const list = names.map(q).join(', ');
    const fromNew = names.map((name) => `new.${q(name)}`).join(', ');
    const fromOld = names.map((name) => `old.${q(name)}`).join(', ');
    await knex.transaction(async (trx) => {
      const existing = (await trx.raw(`select name from sqlite_master where type = 'table' and name = ?`, [table])) as unknown[];
      const fresh = existing.length === 0;
      // Triggers go with their table when Strapi rebuilds it (a changed column on SQLite): rows
      // written in between would be missing from the index, so it is filled again.
      const triggers = (await trx.raw(`select name from sqlite_master where type = 'trigger' and tbl_name = ? and name like ?`, [
        meta.tableName,
        `${table}_%`,
      ])) as unknown[];
      if (fresh) {
        await trx.raw(
          `create virtual table ${q(table)} using fts5(${list}, content=${q(meta.tableName)}, content_rowid='id', tokenize='trigram')`,
        );
      }
      await trx.raw(insertTrigger(meta.tableName, table, names));
      await trx.raw(`create trigger if not exists ${q(`${table}_delete`)} after delete on ${q(meta.tableName)} begin
  insert into ${q(table)}(${q(table)}, rowid, ${list}) values ('delete', old.id, ${fromOld});
end`);
      await trx.raw(`create trigger if not exists ${q(`${table}_update`)} after update of ${list} on ${q(meta.tableName)} begin
  insert into ${q(table)}(${q(table)}, rowid, ${list}) values ('delete', old.id, ${fromOld});
  insert into ${q(table)}(rowid, ${list}) values (new.id, ${fromNew});
end`);
      if (fresh || triggers.length < 3) await trx.raw(`insert into ${q(table)}(${q(table)}) values ('rebuild')`);
    });
    made.set(search.uid, { table, columns });
  }
  ready.set(strapi, made);
};

/**
 * Inserts many rows of a model, then indexes them in one statement (decision 106). `insert`
 * must write only new rows and run inside `trx`, a write transaction: the insert trigger is
 * dropped for its time and created again before the transaction ends, and the rows it added
 * (ids above the largest before it: the ids only grow) go into the FTS table by one
 * `insert … select`. SQLite lets one writer at a time hold the database, so no other write can
 * come in between to miss the trigger, and a reader sees the transaction whole or not at all,
 * the trigger included; a rollback restores the trigger with the rest. On PostgreSQL, or a model
 * without a search table, it only runs `insert`.
 */
export const insertIndexedOnce = async (strapi: Core.Strapi, trx: unknown, uid: string, insert: () => Promise<void>): Promise<void> => {
  const search = searchTableOf(strapi, uid);
  if (!search) return insert();
  const knex = strapi.db.connection;
  const tableName = (strapi.db.metadata.get(uid) as unknown as { tableName: string }).tableName;
  const names = [...search.columns.values()];
  const raw = (sql: string, bindings: unknown[] = []) => knex.raw(sql, bindings as never[]).transacting(trx as never);
  const [{ last }] = (await raw(`select coalesce(max(id), 0) as last from ${q(tableName)}`)) as Array<{ last: number }>;
  await raw(`drop trigger if exists ${q(`${search.table}_insert`)}`);
  await insert();
  const list = names.map(q).join(', ');
  await raw(`insert into ${q(search.table)}(rowid, ${list}) select id, ${list} from ${q(tableName)} where id > ?`, [last]);
  await raw(insertTrigger(tableName, search.table, names));
};

/** The FTS5 query for a term: the phrase, quoted, restricted to the given columns. */
export const ftsQuery = (columns: readonly string[], term: string): string => `{${columns.join(' ')}} : "${term.replace(/"/g, '""')}"`;
