import fs from 'node:fs';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import type { Test } from 'supertest';

// What the database and the disk hold of uploaded files, multipart requests, and a way to make
// the database refuse a write (to see what a failed save leaves behind). The files themselves
// are made by tests/api/storage/files.ts.

const FILE_UID = 'plugin::upload.file';

export interface StoredFileRow {
  id: number;
  url: string;
  name: string;
  mime: string;
}

/** Every upload row, oldest first. */
export const fileRows = async (strapi: Core.Strapi): Promise<StoredFileRow[]> =>
  (await strapi.db.query(FILE_UID).findMany({ select: ['id', 'url', 'name', 'mime'], orderBy: { id: 'asc' } })) as StoredFileRow[];

/** Whether a stored file's bytes are on the local disk (PUBLIC_DIR of the test server). */
export const onDisk = (url: string): boolean => fs.existsSync(path.join(process.env.PUBLIC_DIR ?? '', url));

/** The id of the file a row holds in a media attribute, or null. */
export const fileOf = async (strapi: Core.Strapi, uid: string, id: number, field: string): Promise<number | null> => {
  const row = (await strapi.db.query(uid).findOne({ where: { id }, populate: { [field]: { select: ['id'] } } })) as Record<
    string,
    { id: number } | null
  > | null;
  return row?.[field]?.id ?? null;
};

/** Fills a multipart request: each field as text, each file with its name and declared type. */
export const multipart = (
  req: Test,
  fields: Record<string, string | number>,
  files: Record<string, { data: Buffer; name: string; type?: string }> = {},
): Test => {
  for (const [name, value] of Object.entries(fields)) req.field(name, String(value));
  for (const [name, file] of Object.entries(files)) req.attach(name, file.data, { filename: file.name, contentType: file.type });
  return req;
};

/**
 * Makes the database refuse writes of `table` whose `column` equals `value` (a trigger), so a
 * test can see what a failed write leaves behind. PostgreSQL and SQLite alike.
 */
export const refuseWrites = async (
  strapi: Core.Strapi,
  { table, when, column, value }: { table: string; when: 'INSERT' | 'UPDATE' | 'DELETE'; column: string; value: string },
): Promise<void> => {
  const row = when === 'DELETE' ? 'OLD' : 'NEW';
  const name = `refuse_${table}_${when.toLowerCase()}`;
  const knex = strapi.db.connection;
  if (strapi.db.dialect.client === 'postgres') {
    await knex.raw(
      `CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger AS $$ BEGIN IF ${row}.${column} = '${value}' THEN ` +
        `RAISE EXCEPTION 'refused by the test'; END IF; RETURN ${row}; END; $$ LANGUAGE plpgsql`,
    );
    await knex.raw(`CREATE TRIGGER ${name} BEFORE ${when} ON ${table} FOR EACH ROW EXECUTE FUNCTION ${name}()`);
  } else {
    await knex.raw(
      `CREATE TRIGGER ${name} BEFORE ${when} ON ${table} WHEN ${row}.${column} = '${value}' BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`,
    );
  }
};
