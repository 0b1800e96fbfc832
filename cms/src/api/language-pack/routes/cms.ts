import fs from 'node:fs/promises';
import type { Core } from '@strapi/strapi';
import {
  ApiError,
  LANGUAGES,
  LANGUAGE_PACK_MAX_BYTES,
  checkLanguagePack,
  languagePaths,
  languageSchema,
  type Language,
  type LanguagePack,
  type LanguagePackFile,
  type LanguagePackReport,
} from '@plataforma/adapter';
import { reply, type ContextLike } from '@plataforma/adapter/server';
import { logActivity } from '../../../activity/log';
import { identityOf } from '../../../auth/identity';
import { cmsRouter, routeFor } from '../../../http/router';
import { displayName, removeUploads, requestFile, storeUpload } from '../../../storage';
import { referencePack, shippedAnswer } from '../reference';
import { fileCap } from '../../../http/multipart-routes';

const UID = 'api::language-pack.language-pack';
const TABLE = 'language_packs';
const FILE_SELECT = { select: ['id', 'url', 'name', 'size', 'createdAt'] };

interface FileRow {
  id: number;
  url: string;
  name: string;
  /** Kilobytes, as the upload plugin stores it. */
  size: number | string;
  createdAt: string | Date;
}

interface PackRow {
  id: number;
  code: Language;
  version: number | null;
  report: LanguagePackReport | null;
  previousReport: LanguagePackReport | null;
  file?: FileRow | null;
  previous?: FileRow | null;
}

const fileWire = (file: FileRow | null | undefined): LanguagePackFile | null =>
  file
    ? {
        url: file.url,
        name: file.name,
        size: Math.round(Number(file.size) * 1024) || 0,
        updatedAt: new Date(file.createdAt).toISOString(),
      }
    : null;

const toWire = (code: Language, row: PackRow | null): LanguagePack => ({
  code,
  file: fileWire(row?.file),
  previous: fileWire(row?.previous),
  version: row?.version ?? 0,
  report: row?.file ? (row.report ?? null) : null,
  shipped: shippedAnswer(code) !== null,
});

const findPack = async (strapi: Core.Strapi, code: Language): Promise<PackRow | null> =>
  (await strapi.db.query(UID).findOne({ where: { code }, populate: { file: FILE_SELECT, previous: FILE_SELECT } })) as PackRow | null;

const codeOf = (ctx: ContextLike): Language => {
  const code = languageSchema.safeParse(ctx.params.code);
  if (!code.success) throw new ApiError(404, 'api.error.languageNotFound');
  return code.data;
};

/**
 * Moves a pack's version from `from` to `from + 1`, or answers 409 when another write moved it
 * first (two uploads of one code at once): the UPDATE's row lock orders them, and the second
 * finds the version changed instead of overwriting the first's file links.
 */
const claimVersion = async (strapi: Core.Strapi, trx: unknown, id: number, from: number): Promise<void> => {
  const changed = (await strapi.db
    .connection(TABLE)
    .transacting(trx as never)
    .where({ id, version: from })
    .update({ version: from + 1 })) as number;
  if (changed !== 1) throw new ApiError(409, 'api.error.conflict');
};

/** The uploaded file's text: UTF-8 (a byte-order mark is dropped), parsed as JSON; 400 `languagePacks.error.invalidJson` otherwise. */
const parsePack = async (filepath: string): Promise<unknown> => {
  const bytes = await fs.readFile(filepath);
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(400, 'languagePacks.error.invalidJson');
  }
};

const logPack = (strapi: Core.Strapi, ctx: ContextLike, action: 'update' | 'rollback', description: string) => {
  const who = identityOf(ctx.state);
  return logActivity(strapi, {
    action: `languages.${action}`,
    description,
    actor: who ? { id: who.id, name: who.name, email: who.email, staff: who.kind === 'staff' } : null,
    ip: ctx.ip,
  });
};

const upper = (code: Language) => code.toUpperCase();

/**
 * The language packs of /cms/idiomas (SPEC §2.3, §7; decision 021), admin only:
 * - GET /languages: each code (PT, EN, AL) with its current file, its previous one, its version,
 *   the check of its current file and whether the platform ships a pack of it (which the site
 *   sends while no file is uploaded);
 * - PUT /languages/:code (multipart `file`): a JSON pack checked against the built-in PT pack
 *   (`checkLanguagePack`): refused 400 with a key and the keys at fault; accepted with the
 *   missing and unknown keys listed. Stored through the upload plugin (S3 when configured); the
 *   file it replaces becomes the previous one, and the one before that is deleted;
 * - POST /languages/:code/rollback: the previous file becomes the current one and the other way
 *   round (a second rollback undoes the first).
 * Every write moves the version, which the site's redirect carries, and leaves a log line.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const route = routeFor(strapi);

  const list = route({
    method: 'GET',
    path: languagePaths.cms,
    config: { auth: false },
    handler: async () => {
      const rows = (await strapi.db.query(UID).findMany({ populate: { file: FILE_SELECT, previous: FILE_SELECT } })) as PackRow[];
      return reply(LANGUAGES.map((code) => toWire(code, rows.find((row) => row.code === code) ?? null)));
    },
  });

  const upload = route({
    method: 'PUT',
    path: languagePaths.one,
    config: { auth: false },
    allowMultipart: fileCap(() => LANGUAGE_PACK_MAX_BYTES),
    handler: async (ctx) => {
      const code = codeOf(ctx);
      const entry = requestFile(ctx, 'file');
      if (!entry) throw new ApiError(400, 'languagePacks.error.fileRequired');
      if (entry.size === 0) throw new ApiError(400, 'upload.error.empty');
      if (entry.size > LANGUAGE_PACK_MAX_BYTES) throw new ApiError(413, 'upload.error.tooLarge');
      const check = checkLanguagePack(await parsePack(entry.filepath), referencePack());
      if (!check.ok) throw new ApiError(400, check.msg, {}, { problems: check.problems });
      const { report } = check;

      const stored = await storeUpload(strapi, {
        field: 'file',
        filepath: entry.filepath,
        size: entry.size,
        name: displayName(entry.originalFilename, '.json'),
        sniffed: { mime: 'application/json', ext: '.json', type: 'DOCUMENT' },
      });
      let dropped: number | null = null;
      try {
        await strapi.db.transaction(async ({ trx }) => {
          const row = await findPack(strapi, code);
          if (!row) {
            await strapi.db.query(UID).create({ data: { code, file: stored.id, version: 1, report, previousReport: null } });
            return;
          }
          await claimVersion(strapi, trx, row.id, row.version ?? 0);
          dropped = row.previous?.id ?? null;
          await strapi.db.query(UID).update({
            where: { id: row.id },
            data: { file: stored.id, previous: row.file?.id ?? null, report, previousReport: row.file ? row.report : null },
          });
        });
      } catch (error) {
        await removeUploads(strapi, [stored.id]);
        throw error;
      }
      if (dropped !== null) await removeUploads(strapi, [dropped]);

      const pack = toWire(code, await findPack(strapi, code));
      const missing = report.missing.length;
      await logPack(
        strapi,
        ctx,
        'update',
        `Enviou o pacote de idioma ${upper(code)} (versão ${pack.version}${missing > 0 ? `; ${missing} ${missing === 1 ? 'texto faltando, completado' : 'textos faltando, completados'} pelo PT` : ''}).`,
      );
      return reply(pack, missing > 0 ? 'languagePacks.savedIncomplete' : 'languagePacks.saved');
    },
  });

  const rollback = route({
    method: 'POST',
    path: languagePaths.rollback,
    config: { auth: false },
    handler: async (ctx) => {
      const code = codeOf(ctx);
      await strapi.db.transaction(async ({ trx }) => {
        const row = await findPack(strapi, code);
        if (!row?.previous) throw new ApiError(409, 'languagePacks.error.noPrevious');
        await claimVersion(strapi, trx, row.id, row.version ?? 0);
        await strapi.db.query(UID).update({
          where: { id: row.id },
          data: { file: row.previous.id, previous: row.file?.id ?? null, report: row.previousReport, previousReport: row.report },
        });
      });
      const pack = toWire(code, await findPack(strapi, code));
      await logPack(strapi, ctx, 'rollback', `Restaurou o arquivo anterior do pacote de idioma ${upper(code)} (versão ${pack.version}).`);
      return reply(pack, 'languagePacks.restored');
    },
  });

  return cmsRouter([list, upload, rollback]);
};
