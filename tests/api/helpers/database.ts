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
}

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
export const createTestDatabase = async (label: string): Promise<TestDatabase> => {
  const suffix = `${label.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  const adminUrl = serverUrl;
  if (adminUrl) {
    const name = `t_${suffix}`.slice(0, 60);
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    return {
      kind: 'postgres',
      env: { DATABASE_CLIENT: 'postgres', DATABASE_URL: withDatabase(adminUrl, name) },
      drop: async () => {
        const client = new Client({ connectionString: adminUrl });
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await client.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `plataforma-${suffix}-`));
  return {
    kind: 'sqlite',
    env: { DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: path.join(dir, 'test.db') },
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
};
