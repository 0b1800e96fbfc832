import type { Core } from '@strapi/strapi';
import type { ListPage, ListPageParams, OrderBy, Where } from '@plataforma/adapter/server';
import { pinnedColumnOf } from '../lib/pinned-relations';
import { ftsQuery, searchTableOf } from '../lib/search-tables';

/**
 * The SQL of a list's page and count, written from the query engine's own `where` (issue 16,
 * decision 043). The engine answers a relation filter with `select distinct` over a left join to
 * the link table and to the related table, and its count with `count(distinct)` over the same
 * joins: 35–40 ms for 100,000 stands on SQLite, whatever the page. This compiler:
 *
 * - drives a list from the link table when the `where` pins a to-one relation to an id (the
 *   stands of event 1: `stands_event_lnk where event_id = ?`, joined to `stands` by key);
 * - turns other relation conditions into `exists` sub-queries, uncorrelated when they are about
 *   the pinned row (`the event is published` is then checked once, not per stand);
 * - counts on the link table alone when nothing else filters the rows, and caches each count
 *   under the database's version, so a count is computed again only after a write;
 * - answers only the page's ids: the caller reads those rows through the query engine, so
 *   bodies stay byte-identical to the engine's.
 *
 * Anything it does not know (components, polymorphic relations, date comparisons, an unknown
 * operator) makes it answer null, and the caller falls back to the query engine: a list is never
 * wrong because of it, at worst as slow as before.
 */

interface RelationMeta {
  type: 'relation';
  relation: string;
  target: string;
  joinTable?: {
    name: string;
    joinColumn: { name: string; referencedColumn: string };
    inverseJoinColumn: { name: string; referencedColumn: string };
    on?: unknown;
  };
  morphBy?: unknown;
}
interface ScalarMeta {
  type: string;
  columnName?: string;
}
interface ModelMeta {
  uid: string;
  tableName: string;
  attributes: Record<string, ScalarMeta | RelationMeta>;
}

interface Fragment {
  sql: string;
  bindings: unknown[];
}

class Unsupported extends Error {}

const TO_ONE = new Set(['manyToOne', 'oneToOne']);
const RELATIONS = new Set(['manyToOne', 'oneToOne', 'oneToMany', 'manyToMany']);
/** Types whose values the query engine converts before binding (dates): compared here only to null. */
const CONVERTED = new Set(['date', 'datetime', 'time', 'timestamp', 'json', 'media', 'component', 'dynamiczone', 'blocks']);
const COMPARISONS: Record<string, string> = { $eq: '=', $ne: '<>', $lt: '<', $lte: '<=', $gt: '>', $gte: '>=' };

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const escapeLike = (value: string) => value.replace(/[%_\\]/g, '\\$&');

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

const joinAll = (parts: Fragment[], glue: 'and' | 'or'): Fragment => {
  if (parts.length === 0) return { sql: glue === 'and' ? '1 = 1' : '1 = 0', bindings: [] };
  if (parts.length === 1) return parts[0];
  return { sql: parts.map((part) => `(${part.sql})`).join(` ${glue} `), bindings: parts.flatMap((part) => part.bindings) };
};

/** The top-level conditions of a where, `$and`s flattened. */
const conjuncts = (where: Where): Where[] => {
  const out: Where[] = [];
  for (const [key, value] of Object.entries(where)) {
    if (key === '$and') {
      if (!Array.isArray(value)) throw new Unsupported();
      for (const item of value) {
        if (!isPlainObject(item)) throw new Unsupported();
        out.push(...conjuncts(item));
      }
    } else out.push({ [key]: value });
  }
  return out;
};

/** The id a relation condition pins (`{ id: 3 }`, `{ id: { $eq: 3 } }`), or null. */
const pinnedId = (value: unknown): number | null => {
  if (!isPlainObject(value)) return null;
  const keys = Object.keys(value);
  if (keys.length !== 1 || keys[0] !== 'id') return null;
  const id = isPlainObject(value.id) && Object.keys(value.id).length === 1 && '$eq' in value.id ? value.id.$eq : value.id;
  return typeof id === 'number' && Number.isInteger(id) ? id : null;
};

interface SqliteConnection {
  prepare(sql: string): { pluck(): { get(): unknown } };
  pragma(source: string, options: { simple: true }): unknown;
}

const MAX_CACHED_COUNTS = 5000;

/** The rows of a raw query: an array on SQLite, `{ rows }` on PostgreSQL. */
const rowsOf = (result: unknown): Array<Record<string, unknown>> =>
  Array.isArray(result) ? result : ((result as { rows?: Array<Record<string, unknown>> }).rows ?? []);
const connectionIds = new WeakMap<object, number>();
let nextConnectionId = 0;
const connectionId = (connection: object) => {
  let id = connectionIds.get(connection);
  if (id === undefined) connectionIds.set(connection, (id = nextConnectionId += 1));
  return id;
};

export const createListSql = (strapi: Core.Strapi) => {
  let postgres = false;
  const meta = (uid: string): ModelMeta => strapi.db.metadata.get(uid) as unknown as ModelMeta;
  let aliases = 0;
  const alias = () => `q${(aliases += 1)}`;

  const column = (model: ModelMeta, attribute: string): { name: string; meta: ScalarMeta } => {
    if (attribute === 'id') return { name: 'id', meta: { type: 'increments' } };
    const found = model.attributes[attribute];
    if (!found || found.type === 'relation') throw new Unsupported();
    return { name: (found as ScalarMeta).columnName ?? attribute, meta: found as ScalarMeta };
  };

  const relationOf = (model: ModelMeta, attribute: string): RelationMeta | null => {
    const found = model.attributes[attribute];
    if (!found || found.type !== 'relation') return null;
    const relation = found as RelationMeta;
    if (!RELATIONS.has(relation.relation) || !relation.joinTable || relation.joinTable.on || relation.morphBy) throw new Unsupported();
    return relation;
  };

  /** One operator on one column. */
  const operator = (ref: string, type: string, op: string, value: unknown): Fragment => {
    if (op === '$null') return { sql: value ? `${ref} is null` : `${ref} is not null`, bindings: [] };
    if (op === '$notNull') return { sql: value ? `${ref} is not null` : `${ref} is null`, bindings: [] };
    if (value === null && (op === '$eq' || op === '$ne')) return { sql: `${ref} is ${op === '$eq' ? '' : 'not '}null`, bindings: [] };
    if (CONVERTED.has(type)) throw new Unsupported();
    if (op === '$containsi') {
      if (typeof value !== 'string') throw new Unsupported();
      const lowered = postgres ? `lower(cast(${ref} as varchar))` : `lower(${ref})`;
      return { sql: `${lowered} like lower(?)${postgres ? '' : " escape '\\'"}`, bindings: [`%${escapeLike(value)}%`] };
    }
    if (op === '$in' || op === '$notIn') {
      if (!Array.isArray(value)) throw new Unsupported();
      if (value.length === 0) return { sql: op === '$in' ? '1 = 0' : '1 = 1', bindings: [] };
      return { sql: `${ref} ${op === '$in' ? 'in' : 'not in'} (${value.map(() => '?').join(', ')})`, bindings: value.map(scalar) };
    }
    const comparison = COMPARISONS[op];
    if (!comparison) throw new Unsupported();
    if (value === null) throw new Unsupported();
    return { sql: `${ref} ${comparison} ?`, bindings: [scalar(value)] };
  };

  const scalar = (value: unknown): unknown => {
    if (typeof value === 'boolean') return postgres ? value : value ? 1 : 0;
    if (typeof value === 'string' || typeof value === 'number') return value;
    throw new Unsupported();
  };

  /** The where of a model, on the row aliased `ref`. */
  const compile = (model: ModelMeta, ref: string, where: Where): Fragment =>
    joinAll(
      Object.entries(where).map(([key, value]) => {
        if (key === '$and' || key === '$or') {
          if (!Array.isArray(value)) throw new Unsupported();
          const exact = joinAll(
            value.map((item) => {
              if (!isPlainObject(item)) throw new Unsupported();
              return compile(model, ref, item);
            }),
            key === '$and' ? 'and' : 'or',
          );
          const prefilter = key === '$or' ? searchPrefilter(model, ref, value) : null;
          return prefilter ? joinAll([prefilter, exact], 'and') : exact;
        }
        if (key.startsWith('$')) throw new Unsupported();
        const relation = relationOf(model, key);
        if (relation) return related(ref, relation, value);
        const { name, meta: attr } = column(model, key);
        const target = `${ref}.${quote(name)}`;
        if (!isPlainObject(value)) return operator(target, attr.type, '$eq', value);
        return joinAll(
          Object.entries(value).map(([op, operand]) => operator(target, attr.type, op, operand)),
          'and',
        );
      }),
      'and',
    );

  /**
   * On SQLite, a search (`$or` of `$containsi` of one term over columns of the model's FTS table)
   * first narrows to the rows the trigram index finds: a superset, the `like` then decides.
   */
  const searchPrefilter = (model: ModelMeta, ref: string, items: unknown[]): Fragment | null => {
    if (postgres) return null;
    const search = searchTableOf(strapi, model.uid);
    if (!search || items.length === 0) return null;
    /** The column and term of a `contains` that every row of the item satisfies, if any. */
    const witness = (item: unknown): [string, string] | null => {
      if (!isPlainObject(item) || Object.keys(item).length !== 1) return null;
      const [attribute, condition] = Object.entries(item)[0];
      // `{ $and: [..., { email: { $containsi } }] }` (the network room's hidden e-mails): its rows contain the term too.
      if (attribute === '$and' && Array.isArray(condition)) {
        for (const part of condition) {
          const found = witness(part);
          if (found) return found;
        }
        return null;
      }
      const column = search.columns.get(attribute);
      if (!column || !isPlainObject(condition) || Object.keys(condition).length !== 1 || typeof condition.$containsi !== 'string')
        return null;
      return [column, condition.$containsi];
    };
    let term: string | undefined;
    const columns: string[] = [];
    for (const item of items) {
      const found = witness(item);
      if (!found || (term !== undefined && term !== found[1])) return null;
      term = found[1];
      if (!columns.includes(found[0])) columns.push(found[0]);
    }
    // The trigram index finds terms of 3 characters or more.
    if (term === undefined || [...term].length < 3) return null;
    return {
      sql: `${ref}.id in (select rowid from ${quote(search.table)} where ${quote(search.table)} match ?)`,
      bindings: [ftsQuery(columns, term)],
    };
  };

  /** A condition on a relation: the row has a related row matching `value`. */
  const related = (ref: string, relation: RelationMeta, value: unknown): Fragment => {
    if (!isPlainObject(value)) throw new Unsupported();
    const join = relation.joinTable as NonNullable<RelationMeta['joinTable']>;
    const link = alias();
    const head = `select 1 from ${quote(join.name)} ${link} where ${link}.${quote(join.joinColumn.name)} = ${ref}.${quote(join.joinColumn.referencedColumn)}`;
    const id = pinnedId(value);
    if (id !== null) return { sql: `exists (${head} and ${link}.${quote(join.inverseJoinColumn.name)} = ?)`, bindings: [id] };
    const target = meta(relation.target);
    const other = alias();
    const inner = compile(target, other, value);
    return {
      sql: `exists (${head} and exists (select 1 from ${quote(target.tableName)} ${other} where ${other}.${quote(join.inverseJoinColumn.referencedColumn)} = ${link}.${quote(join.inverseJoinColumn.name)} and ${inner.sql}))`,
      bindings: inner.bindings,
    };
  };

  const order = (model: ModelMeta, orderBy: OrderBy | undefined): string => {
    const parts = (orderBy ?? []).flatMap((entry) =>
      Object.entries(entry).map(([attribute, direction]) => {
        if (direction !== 'asc' && direction !== 'desc') throw new Unsupported();
        return `t0.${quote(column(model, attribute).name)} ${direction}`;
      }),
    );
    return parts.length ? ` order by ${parts.join(', ')}` : '';
  };

  /**
   * The page's ids and the count, or null when the where holds something not compiled here. On
   * SQLite inside a transaction the transaction's own connection is used (the only one).
   */
  const page = async (uid: string, params: ListPageParams): Promise<ListPage | null> => {
    aliases = 0;
    postgres = strapi.db.dialect.client === 'postgres';
    const model = meta(uid);
    if (params.offset && params.limit === undefined) return null;
    let plan: { from: string; where: Fragment; countFrom: string; countWhere: Fragment; orderSql: string };
    try {
      const all = conjuncts(params.where ?? {});
      // A to-one relation pinned to an id drives the query from its link table.
      const pinIndex = all.findIndex((item) => {
        const [key, value] = Object.entries(item)[0] ?? [];
        if (key === undefined || key.startsWith('$')) return false;
        const relation = relationOf(model, key);
        return Boolean(relation && TO_ONE.has(relation.relation) && pinnedId(value) !== null);
      });
      const orderSql = order(model, params.orderBy);
      if (pinIndex === -1) {
        const where = compile(model, 't0', { $and: all });
        const from = `${quote(model.tableName)} t0`;
        plan = { from, where, countFrom: from, countWhere: where, orderSql };
      } else {
        const [key, value] = Object.entries(all[pinIndex])[0];
        const relation = relationOf(model, key) as RelationMeta;
        const join = relation.joinTable as NonNullable<RelationMeta['joinTable']>;
        const id = pinnedId(value) as number;
        const rest = all.filter((_, index) => index !== pinIndex);
        // Conditions on the same relation are about the pinned row: checked once, uncorrelated.
        const target = meta(relation.target);
        const onPinned = rest.filter((item) => key in item);
        const others = rest.filter((item) => !(key in item));
        const pinnedParts = onPinned.map((item) => {
          const other = alias();
          const inner = compile(target, other, item[key] as Where);
          return {
            sql: `exists (select 1 from ${quote(target.tableName)} ${other} where ${other}.${quote(join.inverseJoinColumn.referencedColumn)} = ? and ${inner.sql})`,
            bindings: [id, ...inner.bindings],
          };
        });
        const rowWhere = compile(model, 't0', { $and: others });
        const column = pinnedColumnOf(strapi, uid, key);
        if (column) {
          // The parent's id is on the row itself (decision 043): one index serves filter and order.
          const from = `${quote(model.tableName)} t0`;
          const where = joinAll(
            [{ sql: `t0.${quote(column)} = ?`, bindings: [id] }, ...pinnedParts, ...(others.length ? [rowWhere] : [])],
            'and',
          );
          plan = { from, where, countFrom: from, countWhere: where, orderSql };
        } else {
          const linkWhere: Fragment = { sql: `lnk.${quote(join.inverseJoinColumn.name)} = ?`, bindings: [id] };
          const from = `${quote(join.name)} lnk join ${quote(model.tableName)} t0 on t0.${quote(join.joinColumn.referencedColumn)} = lnk.${quote(join.joinColumn.name)}`;
          const where = joinAll([linkWhere, ...pinnedParts, ...(others.length ? [rowWhere] : [])], 'and');
          plan =
            others.length === 0
              ? { from, where, countFrom: `${quote(join.name)} lnk`, countWhere: joinAll([linkWhere, ...pinnedParts], 'and'), orderSql }
              : { from, where, countFrom: from, countWhere: where, orderSql };
        }
      }
    } catch (error) {
      if (error instanceof Unsupported) return null;
      throw error;
    }

    const inTransaction = strapi.db.inTransaction();
    const connection = inTransaction ? (await strapi.db.transaction()).get() : strapi.db.connection;
    const rowsSql = `select t0.id as id from ${plan.from} where ${plan.where.sql}${plan.orderSql}${
      params.limit !== undefined ? ` limit ${Number(params.limit)}` : ''
    }${params.offset ? ` offset ${Number(params.offset)}` : ''}`;
    const countSql = `select count(*) as count from ${plan.countFrom} where ${plan.countWhere.sql}`;
    // The count is cached under the database's version, read before it (never inside a
    // transaction, whose writes may still roll back).
    const countKey = `${countSql}\u0000${JSON.stringify(plan.countWhere.bindings)}`;
    const version = inTransaction ? null : await databaseVersion();
    const cached = version === null ? undefined : counts.get(countKey);
    const readRows = () => connection.raw(rowsSql, plan.where.bindings as never);
    const readCount = async () =>
      cached && cached.version === version
        ? cached.count
        : Number(rowsOf(await connection.raw(countSql, plan.countWhere.bindings as never))[0]?.count ?? 0);
    // A transaction is one connection: its statements go one after the other (pg queues
    // parallel ones on a client, and deprecates it).
    const [rows, count] = inTransaction ? [await readRows(), await readCount()] : await Promise.all([readRows(), readCount()]);
    if (version !== null && cached?.version !== version) remember(countKey, version, count);
    return { ids: rowsOf(rows).map((row) => Number(row.id)), count };
  };

  /**
   * The database's version: any committed write, by this process or another, changes it.
   * PostgreSQL: the WAL insert position (every write and every commit append to the WAL).
   * SQLite: the connection's own change counter and `data_version` (which moves when another
   * connection commits), with the connection's identity. Null when it cannot be read (a
   * read-only standby): counts are then not cached.
   */
  const databaseVersion = async (): Promise<string | null> => {
    try {
      if (postgres) {
        const result = await strapi.db.connection.raw('select pg_current_wal_insert_lsn()::text as v');
        return String(rowsOf(result)[0]?.v ?? '') || null;
      }
      const client = strapi.db.connection.client as {
        acquireConnection(): Promise<unknown>;
        releaseConnection(connection: unknown): unknown;
      };
      const native = (await client.acquireConnection()) as SqliteConnection;
      try {
        const changes = native.prepare('select total_changes()').pluck().get();
        return `${connectionId(native)}:${String(native.pragma('data_version', { simple: true }))}:${String(changes)}`;
      } finally {
        await client.releaseConnection(native);
      }
    } catch {
      return null;
    }
  };

  const counts = new Map<string, { version: string; count: number }>();
  const remember = (key: string, version: string, count: number) => {
    counts.delete(key);
    counts.set(key, { version, count });
    // The oldest key goes first: a Map iterates in insertion order.
    if (counts.size > MAX_CACHED_COUNTS) counts.delete(counts.keys().next().value as string);
  };

  return page;
};
