import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import { ApiError, clientPaths, idSchema } from '@plataforma/adapter';
import { reply, type RouteContext, type RouteDef } from '@plataforma/adapter/server';
import { logActivity } from '../../../activity/log';
import { identityOf } from '../../../auth/identity';
import { routeFor } from '../../../http/router';
import { displayName } from '../../../storage';
import { spreadsheetFormat } from './formats';
import { JOB_UID, jobToWire, kickImports, queuePositionOf, type JobRow } from './jobs';
import { reportStream } from './report';
import { importSettings } from './settings';
import { fileCap } from '../../../http/multipart-routes';

/** The multipart field of the spreadsheet (SPEC §7). */
export const IMPORT_FIELD = 'excelFile';

const HEAD_BYTES = 64 * 1024;

interface RequestFile {
  filepath: string;
  originalFilename?: string | null;
  size: number;
}

/** The one spreadsheet of the request: 400 upload.error.empty when none or empty, upload.error.multiple when two. */
const spreadsheetOf = (ctx: RouteContext): RequestFile => {
  const files = (ctx.request as { files?: Record<string, unknown> }).files ?? {};
  const entry = files[IMPORT_FIELD];
  if (Array.isArray(entry)) throw new ApiError(400, 'upload.error.multiple');
  const file = entry as RequestFile | undefined;
  if (!file || typeof file.filepath !== 'string' || !file.size) throw new ApiError(400, 'upload.error.empty');
  return file;
};

const readHead = async (filepath: string): Promise<Uint8Array> => {
  const handle = await fs.open(filepath, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
};

/** Moves the request's temporary file (removed when the request ends) to where the job finds it. */
const keep = async (from: string, to: string): Promise<void> => {
  try {
    await fs.rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await fs.copyFile(from, to);
  }
};

/**
 * The report's `Content-Disposition` (RFC 6266): the name in UTF-8 (`filename*`, a file called
 * 'inscrições.xlsx' keeps its accents) and, for clients that do not read it, the same name in
 * plain ASCII. A percent-encoded `filename="…"` is saved as written, '%C3%A7' and all.
 */
const reportDisposition = (name: string): string => {
  const ascii = name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
};

const jobId = (ctx: RouteContext): number => {
  const id = idSchema.safeParse(Number(ctx.params.id));
  if (!id.success) throw new ApiError(400, 'api.error.invalidId');
  return id.data;
};

const findJob = async (strapi: Core.Strapi, id: number): Promise<JobRow> => {
  const row = (await strapi.db.query(JOB_UID).findOne({ where: { id, kind: 'clients' } })) as JobRow | null;
  if (!row) throw new ApiError(404, 'api.error.notFound');
  return row;
};

/**
 * The clients import (admin, SPEC §4, §7): `POST /clients/upload` takes the spreadsheet, checks
 * its size and what its bytes are, queues a job and answers it at once (202); the job runs in the
 * background (jobs.ts). The back office polls `GET /clients/imports/:id`, lists the jobs and
 * downloads a job's report of rejected rows.
 */
export const importRoutes = (strapi: Core.Strapi): RouteDef[] => {
  const route = routeFor(strapi);
  const config = { auth: false as const };

  const upload = route({
    method: 'POST',
    path: clientPaths.upload,
    config,
    allowMultipart: fileCap(() => importSettings().maxBytes),
    handler: async (ctx) => {
      const settings = importSettings();
      const file = spreadsheetOf(ctx);
      if (file.size > settings.maxBytes) throw new ApiError(413, 'upload.error.tooLarge');
      const format = spreadsheetFormat(await readHead(file.filepath));
      if (!format) throw new ApiError(400, 'clients.import.unsupported');
      await fs.mkdir(settings.dir, { recursive: true });
      const filePath = path.join(settings.dir, `${randomUUID()}.${format}`);
      await keep(file.filepath, filePath);
      const who = identityOf(ctx.state);
      let row: JobRow;
      try {
        row = (await strapi.db.query(JOB_UID).create({
          data: {
            kind: 'clients',
            status: 'queued',
            fileName: displayName(file.originalFilename, `.${format}`),
            format,
            size: file.size,
            filePath,
            read: 0,
            inserted: 0,
            updated: 0,
            unchanged: 0,
            rejected: 0,
            uploaderId: who?.id ?? null,
            uploaderName: who?.name ?? null,
            uploaderEmail: who?.email ?? null,
          },
        })) as JobRow;
      } catch (error) {
        await fs.rm(filePath, { force: true });
        throw error;
      }
      await logActivity(strapi, {
        action: 'clients.import.upload',
        description: `Enviou a planilha "${row.fileName}" para importação (importação nº ${row.id}).`,
        actor: who ? { id: who.id, name: who.name, email: who.email, staff: who.kind === 'staff' } : null,
        ip: ctx.ip,
      });
      void kickImports(strapi);
      return reply(jobToWire(row, await queuePositionOf(strapi, row), true), 'clients.import.queued', 202);
    },
  });

  const list = route({
    method: 'GET',
    path: clientPaths.imports,
    config,
    handler: async (ctx) => {
      const limit = Number(ctx.query.limit ?? 20);
      const offset = Number(ctx.query.offset ?? 0);
      if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw new ApiError(400, 'api.error.invalidLimit');
      if (!Number.isInteger(offset) || offset < 0) throw new ApiError(400, 'api.error.invalidOffset');
      const [rows, count] = await Promise.all([
        strapi.db.query(JOB_UID).findMany({ where: { kind: 'clients' }, orderBy: { id: 'desc' }, limit, offset }) as Promise<JobRow[]>,
        strapi.db.query(JOB_UID).count({ where: { kind: 'clients' } }),
      ]);
      const wire = await Promise.all(rows.map(async (row) => jobToWire(row, await queuePositionOf(strapi, row), false)));
      return reply({ rows: wire, count: Number(count) });
    },
  });

  const one = route({
    method: 'GET',
    path: clientPaths.importJob,
    config,
    handler: async (ctx) => {
      const row = await findJob(strapi, jobId(ctx));
      ctx.set('Cache-Control', 'no-store');
      return reply(jobToWire(row, await queuePositionOf(strapi, row), true));
    },
  });

  const report = route({
    method: 'GET',
    path: clientPaths.importReport,
    config,
    handler: async (ctx) => {
      const row = await findJob(strapi, jobId(ctx));
      const stem =
        row.fileName
          .replace(/\.[^.]*$/, '')
          .replace(/[^\p{L}\p{N}_-]+/gu, '-')
          .slice(0, 80) || 'planilha';
      ctx.set('Content-Disposition', reportDisposition(`relatorio-importacao-${row.id}-${stem}.xlsx`));
      ctx.set('Cache-Control', 'no-store');
      ctx.set('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      ctx.status = 200;
      ctx.body = reportStream(row.rejects ?? [], row.rejected ?? 0, strapi.log);
    },
  });

  return [upload, list, one, report];
};
