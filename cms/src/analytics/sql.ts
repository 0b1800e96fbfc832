import type { Core } from '@strapi/strapi';

/** Shared pieces of the analytics writers (heartbeats, stand events; decision 047). */

export interface JoinTable {
  name: string;
  joinColumn: { name: string };
  inverseJoinColumn: { name: string };
  orderColumnName?: string;
  inverseOrderColumnName?: string;
}

/** Runs one statement in the batch's transaction. */
export type Raw = (sql: string, bindings: unknown[]) => Promise<unknown>;

/** A list in parts of at most `size` (ids per statement, rows per insert). */
export const chunksOf = <T>(list: readonly T[], size: number): T[][] => {
  const parts: T[][] = [];
  for (let i = 0; i < list.length; i += size) parts.push(list.slice(i, i + size));
  return parts;
};

export const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];

/** `(?, ?), (?, ?)…`: `count` rows of `width` parameters. */
export const marks = (count: number, width: number): string =>
  Array.from({ length: count }, () => `(${Array(width).fill('?').join(', ')})`).join(', ');

export const joinOf = (strapi: Core.Strapi, uid: string, attribute: string): JoinTable =>
  (strapi.db.metadata.get(uid as never).attributes[attribute] as unknown as { joinTable: JoinTable }).joinTable;

export const tableOf = (strapi: Core.Strapi, uid: string): string => strapi.db.metadata.get(uid as never).tableName;

/** The column of an attribute (Strapi's snake_case name). */
export const columnOf = (strapi: Core.Strapi, uid: string, attribute: string): string =>
  (strapi.db.metadata.get(uid as never).attributes[attribute] as { columnName?: string } | undefined)?.columnName ?? attribute;

/** A date as the query engine stores it: milliseconds on SQLite, a timestamp on PostgreSQL. */
export const stampOf =
  (strapi: Core.Strapi) =>
  (date: Date): Date | number =>
    strapi.db.dialect.client === 'postgres' ? date : date.getTime();

/**
 * Links rows of `uid` (their ids) to rows of `target` through the relation `attribute`, in one
 * statement: a pair whose target no longer exists is dropped, a link already there is kept once.
 */
export const linkRows = async (
  strapi: Core.Strapi,
  raw: Raw,
  uid: string,
  attribute: string,
  target: string,
  pairs: ReadonlyArray<readonly [number, number]>,
): Promise<void> => {
  if (pairs.length === 0) return;
  const lnk = joinOf(strapi, uid, attribute);
  const [a, b] = [lnk.joinColumn.name, lnk.inverseJoinColumn.name];
  const extra = [lnk.orderColumnName, lnk.inverseOrderColumnName].filter((name): name is string => Boolean(name));
  await raw(
    `insert into ${lnk.name} (${[a, b, ...extra].join(', ')}) ` +
      `select v.a, v.b${extra.map(() => ', 1').join('')} from (${pairs.map(() => 'select cast(? as integer) as a, cast(? as integer) as b').join(' union all ')}) v ` +
      `where exists (select 1 from ${tableOf(strapi, target)} t where t.id = v.b) ` +
      `and not exists (select 1 from ${lnk.name} l where l.${a} = v.a and l.${b} = v.b)`,
    pairs.flat(),
  );
};

/** Runs `work` in one transaction with a raw-statement helper bound to it. */
export const inTransaction = async (strapi: Core.Strapi, work: (raw: Raw) => Promise<void>): Promise<void> => {
  const knex = strapi.db.connection;
  await strapi.db.transaction(async ({ trx }) => {
    await work((sql, bindings) => knex.raw(sql, bindings as never[]).transacting(trx as never) as unknown as Promise<unknown>);
  });
};
