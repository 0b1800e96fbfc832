import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';

export interface TestDatabase {
  /** Environment that points the cms at this database. */
  env: Record<string, string>;
  kind: 'sqlite' | 'postgres';
  drop(): Promise<void>;
  /**
   * A new database holding a copy of this one (which nobody may be connected to): PostgreSQL's
   * `CREATE DATABASE … TEMPLATE`, or a copy of the SQLite file.
   */
  copy(label: string): Promise<TestDatabase>;
  /** Where it lives: what `copyTestDatabase` and `dropTestDatabase` take. */
  source: DatabaseSource;
}

export type DatabaseSource = { name: string } | { file: string };

/**
 * The server the suite was given, read once: a started Strapi points DATABASE_URL at its own test
 * database, so a second server in the same file must not create its database from that one.
 */
const serverUrl = process.env.DATABASE_URL;

const withDatabase = (url: string, name: string): string => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};

/**
 * A database of its own for one suite: a temporary SQLite file, or, when
 * DATABASE_URL is set, a new PostgreSQL database on that server (dropped afterwards).
 */
export const createTestDatabase = async (label: string): Promise<TestDatabase> => openTestDatabase(label);

/** A new database holding a copy of a closed one. */
export const copyTestDatabase = (from: DatabaseSource, label: string): Promise<TestDatabase> => openTestDatabase(label, from);

/** Drops a database by where it lives (a PostgreSQL database of DATABASE_URL's server, or a SQLite file's folder). */
export const dropTestDatabase = async (source: DatabaseSource): Promise<void> => {
  if ('file' in source) {
    fs.rmSync(path.dirname(source.file), { recursive: true, force: true });
    return;
  }
  if (!serverUrl) return;
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${source.name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
};

const openTestDatabase = async (label: string, from?: DatabaseSource): Promise<TestDatabase> => {
  const suffix = `${label.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  const adminUrl = serverUrl;
  if (adminUrl) {
    const name = `t_${suffix}`.slice(0, 60);
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(from && 'name' in from ? `CREATE DATABASE "${name}" TEMPLATE "${from.name}"` : `CREATE DATABASE "${name}"`);
    } finally {
      await admin.end();
    }
    return {
      kind: 'postgres',
      env: { DATABASE_CLIENT: 'postgres', DATABASE_URL: withDatabase(adminUrl, name) },
      drop: async () => {
        const client = new Client({ connectionString: adminUrl });
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await client.end();
      },
      copy: (copyLabel) => openTestDatabase(copyLabel, { name }),
      source: { name },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `plataforma-${suffix}-`));
  const file = path.join(dir, 'test.db');
  // A closed database in WAL mode is one file; a -wal left beside it is copied too.
  if (from && 'file' in from) {
    for (const end of ['', '-wal']) if (fs.existsSync(from.file + end)) fs.copyFileSync(from.file + end, file + end);
  }
  return {
    kind: 'sqlite',
    env: { DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: file },
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    copy: (copyLabel) => openTestDatabase(copyLabel, { file }),
    source: { file },
  };
};
