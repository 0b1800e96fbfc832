import { documentId } from '../../../lib/document-id';
import fs from 'node:fs/promises';
import type { Core } from '@strapi/strapi';
import type { ClientImportFormat, ClientImportJob, ImportField, ImportReject, ImportStatus, MessageKey } from '@plataforma/adapter';
import { logActivity } from '../../../activity/log';
import { isoString } from '../../../lib/wire';
import { CLIENT_UID } from '../wire';
import { openSpreadsheet } from './formats';
import { hasRequiredColumns, mapHeaders, type ColumnMap } from './headers';
import { ImportFailure } from './reader';
import { checkRow, type ImportData } from './rows';
import { importSettings, type ImportSettings } from './settings';
import { pgTextArray } from '../../../lib/pg-array';
import { insertIndexedOnce } from '../../../lib/search-tables';

export const JOB_UID = 'api::import-job.import-job';

/** How many rejected rows a job shows while it runs and in `GET /clients/imports/:id`. */
export const PREVIEW_REJECTS = 100;

export interface JobRow {
  id: number;
  status: ImportStatus;
  fileName: string;
  format: ClientImportFormat | null;
  size: number | null;
  filePath: string | null;
  total: number | null;
  read: number | null;
  inserted: number | null;
  updated: number | null;
  unchanged: number | null;
  rejected: number | null;
  columns: Array<{ header: string; field: ImportField }> | null;
  unknownColumns: string[] | null;
  rejects: ImportReject[] | null;
  error: string | null;
  uploaderId: number | null;
  uploaderName: string | null;
  uploaderEmail: string | null;
  createdAt: string | Date;
  startedAt: string | Date | null;
  finishedAt: string | Date | null;
}

const jobs = (strapi: Core.Strapi) => strapi.db.query(JOB_UID);

/** A job as the back office reads it; `rejects` only where one job is asked for. */
export const jobToWire = (row: JobRow, queuePosition: number | null, withRejects: boolean): ClientImportJob => ({
  id: row.id,
  status: row.status,
  fileName: row.fileName,
  format: row.format ?? null,
  size: Number(row.size ?? 0),
  total: row.total ?? null,
  read: row.read ?? 0,
  inserted: row.inserted ?? 0,
  updated: row.updated ?? 0,
  unchanged: row.unchanged ?? 0,
  rejected: row.rejected ?? 0,
  queuePosition: row.status === 'queued' ? queuePosition : null,
  columns: row.columns ?? [],
  unknownColumns: row.unknownColumns ?? [],
  error: row.error ?? null,
  rejects: withRejects ? (row.rejects ?? []).slice(0, PREVIEW_REJECTS) : [],
  createdBy: row.uploaderName ?? null,
  createdAt: isoString(row.createdAt),
  startedAt: row.startedAt ? isoString(row.startedAt) : null,
  finishedAt: row.finishedAt ? isoString(row.finishedAt) : null,
});

/**
 * How many jobs run or wait before a queued one. The job itself is never one of them: the queue
 * may have taken it since `row` was read (the upload's answer counts right after starting the queue).
 */
export const queuePositionOf = async (strapi: Core.Strapi, row: Pick<JobRow, 'id' | 'status'>): Promise<number | null> => {
  if (row.status !== 'queued') return null;
  return Number(
    await jobs(strapi).count({
      where: {
        $or: [
          { status: 'running', id: { $ne: row.id } },
          { status: 'queued', id: { $lt: row.id } },
        ],
      },
    }),
  );
};

// ------------------------------------------------------------------ writing the clients

/** The columns of the fields an import writes, as the clients table names them. */
const COLUMN_OF: Readonly<Record<ImportField, string>> = {
  name: 'name',
  email: 'email',
  cpf: 'cpf',
  postalCode: 'postal_code',
  address: 'address',
  state: 'state',
  city: 'city',
  ddi: 'ddi',
  ddd: 'ddd',
  phone: 'phone',
};
const FIELDS = Object.keys(COLUMN_OF) as ImportField[];

export interface BatchCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

/** A PostgreSQL array literal of texts ('{"a","b",NULL}'), each element quoted and escaped. */
export { pgTextArray };

/**
 * Inserts new clients in one statement. PostgreSQL: `INSERT … SELECT … FROM unnest(…)`, one
 * array a column (a VALUES list of 1,500 rows × 17 parameters cost ten times the insert itself
 * in binding and planning). SQLite: one multi-row `VALUES (…), (…)` (knex would write a compound
 * SELECT, capped at 500 terms), at most 1,500 rows (SQLite binds at most 32,766 values).
 */
const insertRows = async (strapi: Core.Strapi, trx: unknown, rows: ReadonlyArray<Record<string, unknown>>, now: Date): Promise<void> => {
  const knex = strapi.db.connection;
  const texts = ['document_id', ...FIELDS.map((field) => COLUMN_OF[field])];
  const fixed = ['language', 'listed_in_network', 'network_show_email', 'login_locked', 'created_at', 'updated_at', 'published_at'];
  if (strapi.db.dialect.client === 'postgres') {
    const aliases = texts.map((_, index) => `c${index}`);
    await knex
      .raw(
        `insert into clients (${[...texts, ...fixed].join(', ')}) ` +
          `select ${aliases.join(', ')}, 'pt', false, false, false, ?::timestamp, ?::timestamp, ?::timestamp ` +
          `from unnest(${texts.map(() => '?::varchar[]').join(', ')}) as t(${aliases.join(', ')})`,
        [now, now, now, ...texts.map((column) => pgTextArray(rows.map((row) => row[column])))] as never[],
      )
      .transacting(trx as never);
    return;
  }
  for (let start = 0; start < rows.length; start += 1500) {
    const part = rows.slice(start, start + 1500);
    const tuple = `(${[...texts, ...fixed].map(() => '?').join(', ')})`;
    const bindings = part.flatMap((row) => [...texts.map((column) => row[column] ?? null), 'pt', false, false, false, now, now, now]);
    await knex
      .raw(`insert into clients (${[...texts, ...fixed].join(', ')}) values ${part.map(() => tuple).join(', ')}`, bindings as never[])
      .transacting(trx as never);
  }
};

export { documentId } from '../../../lib/document-id';

/**
 * Writes a batch of checked rows in one transaction: a client whose e-mail exists (in any case)
 * gets the row's non-blank fields where they differ (a blank cell never erases what is stored),
 * through the query engine; the new ones are inserted in one statement by knex with the columns
 * the query engine would have written (document id, timestamps, published_at, the schema's
 * defaults): the engine's createMany costs about 0.1 ms a row, a third of a 100,000-row import.
 * New clients have no password (they enter with the soft login) and are not listed in the
 * network room until they agree there.
 */
export const writeBatch = async (strapi: Core.Strapi, batch: ReadonlyArray<{ data: ImportData }>): Promise<BatchCounts> =>
  strapi.db.transaction(async ({ trx }) => {
    const counts: BatchCounts = { inserted: 0, updated: 0, unchanged: 0 };
    const knex = strapi.db.connection;
    const emails = batch.map((item) => item.data.email);
    // PostgreSQL: the e-mail has a trigram index for the list's search beside the unique one; GIN
    // is read only by bitmap scans, which a table without statistics yet (mid-import) would pick
    // for this lookup, and which grows with the table. The unique b-tree answers it in a few ms.
    if (strapi.db.dialect.client === 'postgres') await knex.raw('SET LOCAL enable_bitmapscan = off').transacting(trx);
    const stored = (await knex('clients')
      .transacting(trx)
      .select(['id', ...FIELDS.map((field) => `${COLUMN_OF[field]} as ${field}`)])
      .whereRaw(`lower(email) in (${emails.map(() => '?').join(', ')})`, emails)) as Array<
      { id: number } & Record<ImportField, string | null>
    >;
    const byEmail = new Map(stored.map((row) => [String(row.email).toLowerCase(), row]));
    const now = new Date();
    const fresh: Array<Record<string, unknown>> = [];
    for (const { data } of batch) {
      const found = byEmail.get(data.email);
      if (!found) {
        const row: Record<string, unknown> = { document_id: documentId() };
        for (const field of FIELDS) row[COLUMN_OF[field]] = data[field] ?? null;
        fresh.push(row);
        continue;
      }
      const changes: Partial<Record<ImportField, string>> = {};
      for (const field of FIELDS) {
        const value = data[field];
        if (field !== 'email' && value !== undefined && value !== (found[field] ?? undefined)) changes[field] = value;
      }
      if (Object.keys(changes).length === 0) counts.unchanged += 1;
      else {
        await strapi.db.query(CLIENT_UID).update({ where: { id: found.id }, data: changes });
        counts.updated += 1;
      }
    }
    // SQLite: the new rows indexed for the search by one statement, not a trigger a row (decision 106).
    if (fresh.length) await insertIndexedOnce(strapi, trx, CLIENT_UID, () => insertRows(strapi, trx, fresh, now));
    counts.inserted = fresh.length;
    return counts;
  });

// ------------------------------------------------------------------ one job

const removeFile = async (strapi: Core.Strapi, filePath: string | null): Promise<void> => {
  if (!filePath) return;
  await fs.rm(filePath, { force: true }).catch((error: unknown) => {
    strapi.log.warn(`[imports] could not remove ${filePath}: ${(error as Error).message}`);
  });
};

const update = (strapi: Core.Strapi, id: number, data: Partial<Omit<JobRow, 'id'>> & { heartbeatAt?: Date }) =>
  jobs(strapi).update({ where: { id }, data });

/** Runs a claimed job to its end: done, or failed with a message key. Never throws. */
const runJob = async (strapi: Core.Strapi, job: JobRow, settings: ImportSettings, stopping: () => boolean): Promise<void> => {
  const counts = { read: 0, inserted: 0, updated: 0, unchanged: 0, rejected: 0 };
  const rejects: ImportReject[] = [];
  try {
    if (!job.format || !job.filePath) throw new ImportFailure('clients.import.unreadable');
    const sheet = openSpreadsheet(job.format, job.filePath, {
      maxRows: settings.maxRows,
      maxExpandedBytes: settings.maxExpandedBytes,
      maxCellChars: settings.maxCellChars,
    });
    // The whole file is read through before anything is written: a file that cannot be read, or
    // holds more rows than allowed, writes nothing.
    const total = await sheet.scan();
    let map: ColumnMap | undefined;
    let batch: Array<{ row: number; data: ImportData }> = [];
    const seen = new Map<string, number>();
    const flush = async () => {
      if (batch.length) {
        const written = await writeBatch(strapi, batch);
        counts.inserted += written.inserted;
        counts.updated += written.updated;
        counts.unchanged += written.unchanged;
        batch = [];
      }
      await update(strapi, job.id, { ...counts, total, rejects: rejects.slice(0, PREVIEW_REJECTS), heartbeatAt: new Date() });
    };
    let headers: readonly string[] = [];
    for await (const { row, cells, longCells } of sheet.rows()) {
      if (!map) {
        headers = cells;
        map = mapHeaders(cells);
        if (!hasRequiredColumns(map)) throw new ImportFailure('clients.import.noHeader');
        if (total === 0) throw new ImportFailure('clients.import.empty');
        await update(strapi, job.id, {
          total,
          columns: map.columns.map(({ header, field }) => ({ header, field })),
          unknownColumns: map.unknown,
        });
        continue;
      }
      counts.read += 1;
      if (longCells) {
        // A cell past IMPORT_MAX_CELL_KB: the row is rejected whole, each such cell named with its start.
        counts.rejected += 1;
        for (const column of longCells)
          if (rejects.length < settings.reportRows)
            rejects.push({
              row,
              column: headers[column]?.trim() || null,
              key: 'clients.import.cellTooLong',
              value: `${cells[column].slice(0, 100)}…`,
            });
        continue;
      }
      const outcome = checkRow(row, cells, map.columns);
      if (outcome.ok) {
        const first = seen.get(outcome.data.email);
        if (first === undefined) {
          seen.set(outcome.data.email, row);
          batch.push({ row, data: outcome.data });
        } else {
          counts.rejected += 1;
          const column = map.columns.find((c) => c.field === 'email')?.header ?? null;
          if (rejects.length < settings.reportRows)
            rejects.push({ row, column, key: 'clients.import.duplicateEmail', value: outcome.data.email });
        }
      } else {
        counts.rejected += 1;
        for (const reject of outcome.rejects) if (rejects.length < settings.reportRows) rejects.push(reject);
      }
      if (batch.length >= settings.batchRows) await flush();
    }
    if (!map) throw new ImportFailure('clients.import.empty');
    await flush();
    // Fresh statistics for the planner after many rows at once (the list's search and counts).
    if (counts.inserted >= settings.batchRows) await strapi.db.connection.raw('ANALYZE clients');
    // The upload is gone before the job says it is done or failed: a finished job leaves nothing behind.
    await removeFile(strapi, job.filePath);
    await update(strapi, job.id, { status: 'done', total: counts.read, rejects, finishedAt: new Date(), filePath: null });
    await logActivity(strapi, {
      action: 'clients.import',
      description:
        `Importou a planilha "${job.fileName}" (importação nº ${job.id}): ${counts.inserted} clientes novos, ` +
        `${counts.updated} atualizados, ${counts.unchanged} sem alteração, ${counts.rejected} linhas rejeitadas.`,
      actor: { id: job.uploaderId ?? undefined, name: job.uploaderName, email: job.uploaderEmail, staff: true },
    });
  } catch (error) {
    const key: MessageKey = error instanceof ImportFailure ? error.key : 'api.error.internal';
    if (stopping()) {
      // The server stops under the job: the next start marks it interrupted (recoverImports).
      strapi.log.warn(`[imports] job ${job.id} stopped with the server after ${counts.read} rows`);
      return;
    }
    if (!(error instanceof ImportFailure)) strapi.log.error(`[imports] job ${job.id} failed: ${(error as Error).stack ?? String(error)}`);
    await removeFile(strapi, job.filePath);
    await update(strapi, job.id, { ...counts, status: 'failed', error: key, rejects, finishedAt: new Date(), filePath: null }).catch(
      (undo: unknown) => strapi.log.error(`[imports] could not mark job ${job.id} failed: ${(undo as Error).message}`),
    );
  } finally {
    await removeFile(strapi, job.filePath);
  }
};

// ------------------------------------------------------------------ the queue

interface RunnerState {
  running: Promise<void> | null;
  stopped: boolean;
}

const runners = new WeakMap<Core.Strapi, RunnerState>();
const runnerOf = (strapi: Core.Strapi): RunnerState => {
  let state = runners.get(strapi);
  if (!state) runners.set(strapi, (state = { running: null, stopped: false }));
  return state;
};

/** Claims the oldest queued job (one instance wins it: the status changes only where it still reads 'queued'). */
const claimNext = async (strapi: Core.Strapi): Promise<JobRow | null> => {
  const next = (await jobs(strapi).findOne({ where: { status: 'queued' }, orderBy: { id: 'asc' } })) as JobRow | null;
  if (!next) return null;
  const now = new Date();
  const claimed = await strapi.db
    .connection('import_jobs')
    .where({ id: next.id, status: 'queued' })
    .update({ status: 'running', started_at: now, heartbeat_at: now });
  return claimed ? { ...next, status: 'running', startedAt: now } : claimNext(strapi);
};

/**
 * Runs the queued imports one after another, in this process (one import at a time: a second
 * waits in line). Called after an upload and at start; a call while the queue runs does nothing.
 */
export const kickImports = (strapi: Core.Strapi): Promise<void> => {
  const state = runnerOf(strapi);
  if (state.running || state.stopped) return state.running ?? Promise.resolve();
  const settings = importSettings();
  state.running = (async () => {
    try {
      for (let job = await claimNext(strapi); job && !state.stopped; job = await claimNext(strapi))
        await runJob(strapi, job, settings, () => state.stopped);
    } catch (error) {
      if (!state.stopped) strapi.log.error(`[imports] the queue stopped: ${(error as Error).message}`);
    } finally {
      state.running = null;
    }
  })();
  return state.running;
};

/** Stops taking queued jobs (the server is stopping); the one running goes on until the database closes. */
export const stopImports = (strapi: Core.Strapi): void => {
  runnerOf(strapi).stopped = true;
};

/**
 * At start: a job still 'running' belonged to a process that stopped half way (a crash, a
 * restart). Its batches committed stay (each was whole, in its own transaction) and it is marked
 * failed; queued jobs whose file is still there run.
 */
export const recoverImports = async (strapi: Core.Strapi): Promise<void> => {
  const settings = importSettings();
  await fs.mkdir(settings.dir, { recursive: true });
  const stale = (await jobs(strapi).findMany({ where: { status: 'running' }, select: ['id', 'filePath'] })) as Array<
    Pick<JobRow, 'id' | 'filePath'>
  >;
  for (const job of stale) {
    await update(strapi, job.id, { status: 'failed', error: 'clients.import.interrupted', finishedAt: new Date(), filePath: null });
    await removeFile(strapi, job.filePath);
    strapi.log.warn(`[imports] job ${job.id} was interrupted by a restart: marked failed`);
  }
  const queued = (await jobs(strapi).findMany({ where: { status: 'queued' }, select: ['id', 'filePath'] })) as Array<
    Pick<JobRow, 'id' | 'filePath'>
  >;
  for (const job of queued) {
    const present = job.filePath
      ? await fs.stat(job.filePath).then(
          () => true,
          () => false,
        )
      : false;
    if (!present) await update(strapi, job.id, { status: 'failed', error: 'clients.import.interrupted', finishedAt: new Date() });
  }
  void kickImports(strapi);
};
