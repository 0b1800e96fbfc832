// The bench's floor: a tiny Koa app that answers the product's stand list straight from the
// driver (better-sqlite3 or pg), with hand-written SQL — the same rows, count and envelope the
// product answers, without Strapi. Started by run.mjs as a child process:
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
    // SQLite's LIKE already ignores ASCII case (and has no index to use). On PostgreSQL the
    // expression the product's trigram indexes are built on (database/sql/postgres.sql).
    where +=
      client === 'sqlite'
        ? " AND (s.name LIKE ? ESCAPE '\\' OR s.subtitle LIKE ? ESCAPE '\\')"
        : ' AND (lower(s.name::varchar) LIKE lower(?) OR lower(s.subtitle::varchar) LIKE lower(?))';
    params.push(pattern, pattern);
  }
  const dir = direction === 'desc' ? 'DESC' : 'ASC';
  const orderBy = order === 'id' ? `s.id ${dir}` : `s.${order} ${dir}, s.id ${dir}`;
  const pageOrder = order === 'id' ? `p.id ${dir}` : `p.${order} ${dir}, p.id ${dir}`;
  const rows = `WITH p AS (
      SELECT ${COLUMNS.map((c) => `s.${c}`).join(', ')}, s.lnk_event_id AS event_id
      FROM stands s
      WHERE ${where}
      ORDER BY ${orderBy} LIMIT ? OFFSET ?)
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

const app = new Koa();
app.use(async (ctx) => {
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
