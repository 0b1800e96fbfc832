// The bench's floor: a tiny Koa app that answers the product's big lists (the stands of an event;
// the clients, the activity log and the network room) straight from the driver (better-sqlite3
// or pg), with the best hand-written SQL and the same indexes: the same rows, count and envelope
// the product answers, without Strapi. Started by run.mjs as a child process:
//   BARE_PORT=1363 BARE_CLIENT=sqlite|postgres BARE_DATABASE=<file or url> node tests/bench/bare.mjs
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Koa from 'koa';
import { STAND_WIRE_COLUMNS } from './data.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, '..', '..', 'cms', 'package.json'));

const port = Number(process.env.BARE_PORT);
const client = process.env.BARE_CLIENT;
const database = process.env.BARE_DATABASE;
if (!port || !database || !['sqlite', 'postgres'].includes(client)) {
  console.error('bare.mjs needs BARE_PORT, BARE_CLIENT (sqlite|postgres) and BARE_DATABASE');
  process.exit(2);
}

const COLUMNS = STAND_WIRE_COLUMNS;
const ORDER = { id: 'id', name: 'name', position: 'position', type: 'type' };
const STAND_UID = 'api::stand.stand';

/** A query's parts for one request; placeholders written `?` and renumbered for pg. */
const build = ({ eventId, search, order, direction, limit, offset }) => {
  const params = [eventId];
  // The event's id pinned on the stand (decision 043): one (lnk_event_id, name, id) index
  // serves the filter, the order and the count.
  let where = 's.lnk_event_id = ?';
  if (search !== undefined) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // SQLite: the FTS5 trigram table narrows (terms of 3+ characters), then LIKE, which already
    // ignores ASCII case, decides. PostgreSQL: the expression the trigram indexes are built on
    // (database/sql/postgres.sql).
    if (client === 'sqlite') {
      if ([...search].length >= 3) {
        where += ' AND s.id IN (SELECT rowid FROM stands_search WHERE stands_search MATCH ?)';
        params.push(`{name subtitle} : "${search.replace(/"/g, '""')}"`);
      }
      where += " AND (s.name LIKE ? ESCAPE '\\' OR s.subtitle LIKE ? ESCAPE '\\')";
    } else where += ' AND (lower(s.name::varchar) LIKE lower(?) OR lower(s.subtitle::varchar) LIKE lower(?))';
    params.push(pattern, pattern);
  }
  const dir = direction === 'desc' ? 'DESC' : 'ASC';
  const orderBy = order === 'id' ? `s.id ${dir}` : `s.${order} ${dir}, s.id ${dir}`;
  const pageOrder = order === 'id' ? `p.id ${dir}` : `p.${order} ${dir}, p.id ${dir}`;
  // The page's ids first (an index-only walk past the offset), then their columns: reading the
  // whole row of every skipped one is what makes a deep page slow.
  const rows = `WITH k AS (
      SELECT s.id FROM stands s
      WHERE ${where}
      ORDER BY ${orderBy} LIMIT ? OFFSET ?),
    p AS (
      SELECT ${COLUMNS.map((c) => `s.${c}`).join(', ')}, s.lnk_event_id AS event_id
      FROM stands s JOIN k ON k.id = s.id)
    SELECT p.*, f.id AS image_id, f.url AS image_url
    FROM p
    LEFT JOIN files_related_mph m ON m.related_id = p.id AND m.related_type = '${STAND_UID}' AND m.field = 'image'
    LEFT JOIN files f ON f.id = m.file_id
    ORDER BY ${pageOrder}`;
  const count = `SELECT count(*) AS count FROM stands s WHERE ${where}`;
  return { rows, rowParams: [...params, limit, offset], count, countParams: params };
};

const numbered = (sql) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${(n += 1)}`);
};

const EVENT_EXISTS = 'SELECT 1 AS found FROM events WHERE id = ? AND published = ?';

const open = async () => {
  if (client === 'sqlite') {
    const Database = require('better-sqlite3');
    const db = new Database(database, { readonly: true });
    const cache = new Map();
    const prepared = (sql) => {
      let statement = cache.get(sql);
      if (!statement) cache.set(sql, (statement = db.prepare(sql)));
      return statement;
    };
    return {
      all: async (sql, params) => prepared(sql).all(params),
      exists: async (id) => Boolean(prepared(EVENT_EXISTS).get([id, 1])),
      close: async () => db.close(),
    };
  }
  const { Pool } = require('pg');
  // The same pool size as the cms's default (DATABASE_POOL_MAX 10).
  const pool = new Pool({ connectionString: database, max: 10 });
  pool.on('error', (error) => console.error(`pg pool: ${error.message}`));
  return {
    all: async (sql, params) => (await pool.query({ text: numbered(sql), values: params })).rows,
    exists: async (id) => (await pool.query({ text: numbered(EVENT_EXISTS), values: [id, true] })).rowCount > 0,
    close: () => pool.end(),
  };
};

const db = await open();

const envelope = (status, msg, data = null) => ({ data, msg, status });

const intParam = (value, fallback, min, max) => {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  return Number.isInteger(n) && n >= min && n <= max ? n : null;
};

/** Where Strapi keeps who entered which event (prepare.mjs read it from Strapi's metadata). */
const clientEvents = JSON.parse(process.env.BARE_CLIENT_EVENTS || '{"table":"clients_events_lnk","client":"client_id","event":"event_id"}');

/**
 * A search over some columns, as the product answers it: on SQLite the FTS5 trigram table
 * narrows (3+ characters) and LIKE decides; on PostgreSQL the trigram-indexed expression.
 * `columns` are [column, extra condition or null] (the network room matches a hidden e-mail never).
 */
const searchWhere = (table, columns, search, params) => {
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const like = (column) =>
    client === 'sqlite' ? `lower(t.${column}) LIKE lower(?) ESCAPE '\\'` : `lower(t.${column}::varchar) LIKE lower(?)`;
  let sql = '';
  if (client === 'sqlite' && [...search].length >= 3) {
    sql += ` AND t.id IN (SELECT rowid FROM ${table}_search WHERE ${table}_search MATCH ?)`;
    params.push(`{${columns.map(([column]) => column).join(' ')}} : "${search.replace(/"/g, '""')}"`);
  }
  sql += ` AND (${columns.map(([column, extra]) => (extra ? `(${extra} AND ${like(column)})` : like(column))).join(' OR ')})`;
  for (let i = 0; i < columns.length; i += 1) params.push(pattern);
  return sql;
};

/** The other big lists: the clients and the activity log (back office), the network room (site). */
const otherList = async (ctx) => {
  const { query } = ctx;
  const search = typeof query.search === 'string' && query.search.trim() !== '' ? query.search.trim() : undefined;
  const offset = intParam(query.offset, 0, 0, 2 ** 31 - 1);
  let table;
  let select;
  let where;
  let order;
  let limit;
  const params = [];
  const network = ctx.path.match(/^\/api\/site\/v1\/networks\/(\d+)$/);
  if (ctx.path === '/api/cms/v1/clients') {
    table = 'clients';
    select = 't.id, t.name, t.email, t.city, t.state, t.created_at';
    where = 't.erased_at IS NULL';
    if (search) where += searchWhere(table, [['name'], ['email']], search, params);
    order = 't.name ASC, t.id ASC';
    limit = intParam(query.limit, 20, 1, 100);
  } else if (ctx.path === '/api/cms/v1/logs') {
    table = 'logs';
    select = 't.id, t.username, t.email, t.ip, t.action, t.description, t.created_at, t.updated_at';
    where = '1 = 1';
    if (search) where += searchWhere(table, [['username'], ['email'], ['description'], ['ip']], search, params);
    order = 't.id DESC';
    limit = intParam(query.limit, 20, 1, 100);
  } else if (network) {
    table = 'clients';
    select = 't.name, t.email, t.network_show_email, t.facebook, t.twitter, t.linked_in';
    where = `t.listed_in_network = ? AND EXISTS (SELECT 1 FROM ${clientEvents.table} l WHERE l.${clientEvents.client} = t.id AND l.${clientEvents.event} = ?)`;
    params.push(client === 'sqlite' ? 1 : true, Number(network[1]));
    if (search)
      where += searchWhere(
        table,
        [['name'], ['email', client === 'sqlite' ? 't.network_show_email = 1' : 't.network_show_email']],
        search,
        params,
      );
    order = 't.name ASC, t.id ASC';
    limit = intParam(query.size, 30, 1, 30);
  } else return false;
  if (offset === null || limit === null) {
    ctx.status = 400;
    ctx.body = envelope(400, 'api.error.invalidQuery');
    return true;
  }
  const [rows, counted] = await Promise.all([
    db.all(
      `WITH k AS (SELECT t.id FROM ${table} t WHERE ${where} ORDER BY ${order} LIMIT ? OFFSET ?)
       SELECT ${select} FROM ${table} t JOIN k ON k.id = t.id ORDER BY ${order}`,
      [...params, limit, offset],
    ),
    db.all(`SELECT count(*) AS count FROM ${table} t WHERE ${where}`, params),
  ]);
  ctx.body = envelope(200, 'api.ok', {
    rows: network ? rows.map((r) => ({ ...r, email: r.network_show_email ? r.email : null })) : rows,
    count: Number(counted[0].count),
  });
  return true;
};

const app = new Koa();
app.use(async (ctx) => {
  if (ctx.method === 'GET' && ctx.path !== '/api/site/v1/stands') {
    try {
      if (await otherList(ctx)) return;
    } catch (error) {
      console.error(error);
      ctx.status = 500;
      ctx.body = envelope(500, 'api.error.internal');
      return;
    }
  }
  if (ctx.method !== 'GET' || ctx.path !== '/api/site/v1/stands') {
    ctx.status = 404;
    ctx.body = envelope(404, 'api.error.routeNotFound');
    return;
  }
  const { query } = ctx;
  const eventId = intParam(query.eventId, null, 1, 2 ** 31 - 1);
  const limit = intParam(query.limit, 20, 1, 100);
  const offset = intParam(query.offset, 0, 0, 2 ** 31 - 1);
  const [field, direction = 'asc'] = String(query.order ?? 'position:asc').split(':');
  if (eventId === null || limit === null || offset === null || !ORDER[field] || !['asc', 'desc'].includes(direction)) {
    ctx.status = 400;
    ctx.body = envelope(400, 'api.error.invalidQuery');
    return;
  }
  const search = typeof query.search === 'string' && query.search.trim() !== '' ? query.search.trim() : undefined;
  const sql = build({ eventId, search, order: ORDER[field], direction, limit, offset });
  try {
    const [rows, counted, exists] = await Promise.all([
      db.all(sql.rows, sql.rowParams),
      db.all(sql.count, sql.countParams),
      db.exists(eventId),
    ]);
    if (!exists) {
      ctx.status = 404;
      ctx.body = envelope(404, 'api.error.eventNotFound');
      return;
    }
    ctx.body = envelope(200, 'api.ok', {
      rows: rows.map((r) => ({
        id: r.id,
        eventId: r.event_id,
        name: r.name,
        subtitle: r.subtitle ?? '',
        description: r.description ?? '',
        type: r.type,
        position: r.position ?? 0,
        color: r.color,
        facebook: r.facebook,
        instagram: r.instagram,
        youtube: r.youtube,
        symposium: r.symposium,
        negotiation: r.negotiation,
        website: r.website,
        image: r.image_url ?? null,
      })),
      count: Number(counted[0].count),
    });
  } catch (error) {
    console.error(error);
    ctx.status = 500;
    ctx.body = envelope(500, 'api.error.internal');
  }
});

const server = app.listen(port, '127.0.0.1', () => console.log(`bare listening on 127.0.0.1:${port} (${client})`));
const stop = () => server.close(() => db.close().finally(() => process.exit(0)));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// run.mjs keeps stdin open: when it closes, the bench is gone and so should this server be.
process.stdin.on('end', stop);
process.stdin.resume();
