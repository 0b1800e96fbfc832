import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Core } from '@strapi/strapi';
import { optionValue, strapiCommand } from './cli-command';

/**
 * `strapi import` keeps every id of the archive (decision 024).
 *
 * Strapi's transfer creates each entity without its id (`@strapi/data-transfer` drops it and maps
 * old ids to new ones for the relations), so a restore renumbers every row; the SPEC puts ids in
 * the venue's URLs (`/plataforma/1/…`, `/api/site/v1/events/1`). On an import boot the app reads
 * the archive's entities (type, id, documentId, locale, draft or published) before the transfer
 * starts, and each row the transfer creates gets its archived id back. Relations follow
 * by themselves: Strapi maps them through the ids it was handed back.
 */

type Key = string;

/** One row of a Strapi 5 document: its document id, locale and draft or published version. */
export const rowKey = (uid: string, data: { documentId?: unknown; locale?: unknown; publishedAt?: unknown }): Key | null =>
  typeof data.documentId === 'string' && data.documentId
    ? [uid, data.documentId, typeof data.locale === 'string' ? data.locale : '', data.publishedAt ? 'published' : 'draft'].join('\u0000')
    : null;

interface ArchivedEntity {
  type: string;
  id: number;
  data: { documentId?: unknown; locale?: unknown; publishedAt?: unknown };
}

interface EntitySource {
  bootstrap(diagnostics?: unknown): Promise<void>;
  createEntitiesReadStream(): Readable;
}

interface DataTransfer {
  file: { providers: { createLocalFileSourceProvider(options: unknown): EntitySource } };
  directory: { providers: { createLocalDirectorySourceProvider(options: unknown): EntitySource } };
}

/** The `@strapi/data-transfer` the installed Strapi CLI itself uses (same version, same reader). */
const dataTransfer = (): DataTransfer => createRequire(require.resolve('@strapi/strapi'))('@strapi/data-transfer') as DataTransfer;

/** What `strapi import` was given: the archive (or unpacked directory) and its key. */
export const importArchive = (argv: readonly string[] = process.argv): { file: string; key?: string } | null => {
  if (strapiCommand(argv) !== 'import') return null;
  const file = optionValue(argv, '-f', '--file');
  if (!file) return null;
  return { file: path.resolve(file), key: optionValue(argv, '-k', '--key') };
};

/** The archived id of every row of the archive, by content type, document, locale and version. */
export const readArchivedIds = async (archive: { file: string; key?: string }): Promise<Map<Key, number>> => {
  const { file, key } = archive;
  const transfer = dataTransfer();
  let source: EntitySource;
  if (fs.statSync(file).isDirectory()) {
    source = transfer.directory.providers.createLocalDirectorySourceProvider({ directory: { path: file } });
  } else {
    // The CLI's own reading of the name: .tar, .tar.gz, .tar.gz.enc, .tar.enc.
    const encrypted = path.extname(file) === '.enc';
    const inner = encrypted ? file.slice(0, -'.enc'.length) : file;
    if (encrypted && !key) {
      throw new Error(
        `[restore] ${path.basename(file)} is encrypted: give its key with --key so the import can keep every id (see the README's "Backup and restore").`,
      );
    }
    source = transfer.file.providers.createLocalFileSourceProvider({
      file: { path: file },
      encryption: { enabled: encrypted, key },
      compression: { enabled: path.extname(inner) === '.gz' },
    });
  }
  await source.bootstrap();
  const ids = new Map<Key, number>();
  for await (const entity of source.createEntitiesReadStream() as AsyncIterable<ArchivedEntity>) {
    const id = rowKey(entity.type, entity.data ?? {});
    if (id !== null && Number.isInteger(entity.id)) ids.set(id, entity.id);
  }
  return ids;
};

type Uid = Parameters<Core.Strapi['db']['query']>[0];

/**
 * Gives each row the import creates its archived id; returns a function that moves PostgreSQL's id
 * sequences past the restored ids (call it once the transfer is over: `destroy`).
 *
 * The transfer turns the database lifecycles off while it writes, so the id is put back where every
 * `strapi.db.query(uid).create` goes through: the entity manager's `create`, wrapped on this
 * process only (an import boot does nothing else).
 */
export const keepArchivedIds = (strapi: Core.Strapi, ids: Map<Key, number>): (() => Promise<void>) => {
  const touched = new Set<Uid>();
  const count = ids.size;
  const manager = strapi.db.entityManager as unknown as { create(uid: Uid, params?: { data?: Record<string, unknown> }): Promise<unknown> };
  const create = manager.create.bind(manager);
  manager.create = (uid, params = {}) => {
    const data = params.data;
    if (data && data.id === undefined) {
      const key = rowKey(uid, data);
      const id = key === null ? undefined : ids.get(key);
      if (key !== null && id !== undefined) {
        ids.delete(key);
        touched.add(uid);
        return create(uid, { ...params, data: { ...data, id } });
      }
    }
    return create(uid, params);
  };
  strapi.log.info(`[restore] the import keeps the archive's ids (${count} rows)`);
  return () => advanceIdSequences(strapi, [...touched]);
};

/**
 * A row inserted with its own id leaves PostgreSQL's sequence behind: the next insert would collide.
 * Each sequence is moved to the table's highest id (never back). SQLite's counter follows by itself.
 */
export const advanceIdSequences = async (strapi: Core.Strapi, uids: Uid[]): Promise<void> => {
  if (strapi.db.dialect.client !== 'postgres') return;
  const schema = strapi.db.getSchemaName();
  for (const uid of uids) {
    const { tableName } = strapi.db.metadata.get(uid);
    const table = schema ? `"${schema}"."${tableName}"` : `"${tableName}"`;
    await strapi.db.connection.raw(
      `select setval(pg_get_serial_sequence(?, 'id'), greatest((select coalesce(max(id), 0) + 1 from ${table}), nextval(pg_get_serial_sequence(?, 'id'))), false)`,
      [table, table],
    );
  }
};

let finish: (() => Promise<void>) | null = null;

/** On a `strapi import` boot: reads the archive's ids and keeps them (see the top of this file). */
export const keepIdsOnImport = async (strapi: Core.Strapi, argv: readonly string[] = process.argv): Promise<void> => {
  const archive = importArchive(argv);
  if (!archive) return;
  finish = keepArchivedIds(strapi, await readArchivedIds(archive));
};

/** After the import: PostgreSQL's sequences past the restored ids. */
export const finishKeptIds = async (): Promise<void> => {
  const step = finish;
  finish = null;
  await step?.();
};
