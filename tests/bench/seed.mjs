// Bulk-inserts the bench data by SQL into a database whose schema Strapi has just created:
// two published events, their stands (with the event link table) and the stands' logos
// (upload files with their morph rows); then clients (with who entered event 1) and the
// activity log. Batches inside transactions: seconds, not minutes.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { STAND_WIRE_COLUMNS } from './data.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, '..', '..', 'cms', 'package.json'));

const STAND_UID = 'api::stand.stand';

const STAND_COLUMNS = [
  ...STAND_WIRE_COLUMNS.slice(0, 1),
  'document_id',
  ...STAND_WIRE_COLUMNS.slice(1),
  'created_at',
  'updated_at',
  'published_at',
];
const FILE_COLUMNS = [
  'id',
  'document_id',
  'name',
  'alternative_text',
  'width',
  'height',
  'hash',
  'ext',
  'mime',
  'size',
  'url',
  'provider',
  'folder_path',
  'created_at',
  'updated_at',
  'published_at',
];
const EVENT_COLUMNS = [
  'id',
  'document_id',
  'slug',
  'name',
  'description',
  'value',
  'discount',
  'installments',
  'exchange',
  'start_date',
  'end_date',
  'start_time',
  'end_time',
  'timezone',
  'featured',
  'published',
  'status',
  'created_at',
  'updated_at',
  'published_at',
];

const events = (now) =>
  [
    {
      id: 1,
      document_id: 'benchevent00000000000001',
      slug: 'congresso-bench',
      name: 'Congresso Brasileiro de Carga',
      description: 'Evento do benchmark (100 mil estandes).',
    },
    {
      id: 2,
      document_id: 'benchevent00000000000002',
      slug: 'simposio-bench',
      name: 'Simpósio Paralelo',
      description: 'Segundo evento do benchmark.',
    },
  ].map((e) => ({
    ...e,
    value: 0,
    discount: 0,
    installments: 1,
    exchange: 1,
    start_date: '2026-09-14',
    end_date: '2026-09-16',
    start_time: '08:00:00.000',
    end_time: '18:00:00.000',
    timezone: 'America/Sao_Paulo',
    featured: false,
    published: true,
    status: 'open',
    created_at: now,
    updated_at: now,
    published_at: now,
  }));

const standRow = (s, now) => ({
  id: s.id,
  document_id: s.documentId,
  name: s.name,
  subtitle: s.subtitle,
  description: s.description,
  type: s.type,
  position: s.position,
  color: s.color,
  facebook: s.facebook,
  instagram: s.instagram,
  youtube: s.youtube,
  symposium: s.symposium,
  negotiation: s.negotiation,
  website: s.website,
  created_at: now,
  updated_at: now,
  published_at: now,
});

const fileRow = (s, fileId, now) => ({
  id: fileId,
  document_id: s.image.documentId,
  name: `${s.image.hash}.png`,
  alternative_text: s.name,
  width: 512,
  height: 512,
  hash: s.image.hash,
  ext: '.png',
  mime: 'image/png',
  size: 18.4,
  url: `/uploads/${s.image.hash}.png`,
  provider: 'local',
  folder_path: '/',
  created_at: now,
  updated_at: now,
  published_at: now,
});

const CLIENT_COLUMNS = [
  'id',
  'document_id',
  'name',
  'email',
  'ddi',
  'listed_in_network',
  'network_show_email',
  'login_locked',
  'created_at',
  'updated_at',
  'published_at',
];
const LOG_COLUMNS = ['id', 'document_id', 'username', 'email', 'ip', 'action', 'description', 'created_at', 'updated_at', 'published_at'];

/** The clients, who entered event 1 and agreed to be listed (the link table prepare.mjs named), and the activity log. */
const morePlan = ({ clients = [], logs = [], clientEvents }, date) => {
  const tables = [];
  if (clients.length) {
    tables.push({
      table: 'clients',
      columns: CLIENT_COLUMNS,
      rows: clients.map((c) => ({
        id: c.id,
        document_id: c.documentId,
        name: c.name,
        email: c.email,
        ddi: '55',
        listed_in_network: c.listed,
        network_show_email: c.showEmail,
        login_locked: false,
        created_at: date(c.createdAt),
        updated_at: date(c.createdAt),
        published_at: date(c.createdAt),
      })),
    });
    tables.push({
      table: clientEvents.table,
      columns: [clientEvents.client, clientEvents.event],
      rows: clients.filter((c) => c.listed).map((c) => ({ [clientEvents.client]: c.id, [clientEvents.event]: 1 })),
    });
  }
  if (logs.length) {
    tables.push({
      table: 'logs',
      columns: LOG_COLUMNS,
      rows: logs.map((l) => ({
        id: l.id,
        document_id: l.documentId,
        username: l.username,
        email: l.email,
        ip: l.ip,
        action: l.action,
        description: l.description,
        created_at: date(l.createdAt),
        updated_at: date(l.createdAt),
        published_at: date(l.createdAt),
      })),
    });
  }
  return tables;
};

/** The rows to insert, table by table, in insertion order. */
const plan = (stands, now) => {
  const files = [];
  const morphs = [];
  let fileId = 0;
  for (const s of stands) {
    if (!s.image) continue;
    fileId += 1;
    files.push(fileRow(s, fileId, now));
    morphs.push({ file_id: fileId, related_id: s.id, related_type: STAND_UID, field: 'image', order: 1 });
  }
  return [
    { table: 'events', columns: EVENT_COLUMNS, rows: events(now) },
    { table: 'stands', columns: STAND_COLUMNS, rows: stands.map((s) => standRow(s, now)) },
    {
      table: 'stands_event_lnk',
      columns: ['stand_id', 'event_id', 'stand_ord'],
      rows: stands.map((s) => ({ stand_id: s.id, event_id: s.eventId, stand_ord: s.ord })),
    },
    { table: 'files', columns: FILE_COLUMNS, rows: files },
    { table: 'files_related_mph', columns: ['file_id', 'related_id', 'related_type', 'field', 'order'], rows: morphs },
  ];
};

const EMPTY_TABLES = ['events', 'stands', 'stands_event_lnk', 'files', 'files_related_mph'];

const quote = (name) => `"${name}"`;

/** SQLite: prepared inserts inside one transaction per table (better-sqlite3 is synchronous). */
export const seedSqlite = (filename, stands, more = {}) => {
  const Database = require('better-sqlite3');
  const db = new Database(filename);
  try {
    for (const table of EMPTY_TABLES) {
      const { n } = db.prepare(`SELECT count(*) AS n FROM ${quote(table)}`).get();
      if (n > 0) throw new Error(`the fresh database already has ${n} rows in ${table} (did the demo seed run?)`);
    }
    // Strapi stores dates as epoch milliseconds on SQLite.
    const now = Date.now();
    for (const { table, columns, rows } of [...plan(stands, now), ...morePlan(more, (ms) => ms)]) {
      const insert = db.prepare(
        `INSERT INTO ${quote(table)} (${columns.map(quote).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
      );
      const all = db.transaction((list) => {
        for (const row of list) insert.run(columns.map((c) => (typeof row[c] === 'boolean' ? Number(row[c]) : row[c])));
      });
      all(rows);
    }
    // Statistics for the planner, as `PRAGMA optimize` would gather them.
    db.exec('ANALYZE');
  } finally {
    db.close();
  }
};

const PG_TYPES = {
  id: 'int',
  width: 'int',
  height: 'int',
  position: 'int',
  installments: 'int',
  stand_id: 'int',
  event_id: 'int',
  file_id: 'int',
  related_id: 'int',
  stand_ord: 'float8',
  order: 'float8',
  size: 'float8',
  value: 'float8',
  discount: 'float8',
  exchange: 'float8',
  featured: 'boolean',
  listed_in_network: 'boolean',
  network_show_email: 'boolean',
  login_locked: 'boolean',
  client_id: 'int',
  published: 'boolean',
  start_date: 'date',
  end_date: 'date',
  start_time: 'time',
  end_time: 'time',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
  published_at: 'timestamptz',
};

/**
 * PostgreSQL: `INSERT … SELECT * FROM unnest($1::type[], …)` in batches of 10,000 rows inside one
 * transaction; the id sequences are then moved past the inserted ids, and the database vacuumed
 * and analysed (what autovacuum does shortly after such a load: statistics and visibility map).
 */
export const seedPostgres = async (connectionString, stands, more = {}) => {
  const { Client } = require('pg');
  const client = new Client({ connectionString });
  // A dropped connection (Ctrl-C drops the database) rejects the pending query; no crash.
  client.on('error', () => {});
  await client.connect();
  try {
    for (const table of EMPTY_TABLES) {
      const { rows } = await client.query(`SELECT count(*)::int AS n FROM ${quote(table)}`);
      if (rows[0].n > 0) throw new Error(`the fresh database already has ${rows[0].n} rows in ${table} (did the demo seed run?)`);
    }
    const now = new Date();
    await client.query('BEGIN');
    for (const { table, columns, rows } of [...plan(stands, now), ...morePlan(more, (ms) => new Date(ms))]) {
      for (let start = 0; start < rows.length; start += 10_000) {
        const batch = rows.slice(start, start + 10_000);
        const params = columns.map((c) => batch.map((row) => row[c] ?? null));
        const casts = columns.map((c, i) => `$${i + 1}::${PG_TYPES[c] ?? 'text'}[]`).join(', ');
        await client.query(`INSERT INTO ${quote(table)} (${columns.map(quote).join(', ')}) SELECT * FROM unnest(${casts})`, params);
      }
      if (columns.includes('id')) {
        await client.query(`SELECT setval(pg_get_serial_sequence($1, 'id'), (SELECT max(id) FROM ${quote(table)}))`, [table]);
      }
    }
    await client.query('COMMIT');
    await client.query('VACUUM ANALYZE');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
};
