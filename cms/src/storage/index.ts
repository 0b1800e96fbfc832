/**
 * Files of the product's multipart routes, stored as Strapi users expect them: through the
 * upload plugin (`strapi.plugin('upload').service('upload')`), so every file is a row of
 * `plugin::upload.file` in the stock Media Library, on the local disk (`<PUBLIC_DIR>/uploads`)
 * or in S3 when S3_BUCKET is set (config/plugins.ts), with the generated image formats.
 *
 * Checks. A field is checked on its bytes (sniff.ts: magic numbers; never its name or the type
 * the client declared) against its kind — 'image': JPEG, PNG, WebP, GIF, AVIF (never SVG);
 * 'media': those, MP4/MOV/M4V/WebM/Ogg video, or PDF — and against that kind's size limit
 * (UPLOAD_IMAGE_MAX_MB, UPLOAD_MEDIA_MAX_MB). The file is stored under the extension and MIME
 * type of what it really is: a PNG named `foto.pdf` becomes `foto.png`, image/png, IMAGE.
 * Bodies above the largest limit are cut off while streaming (413 `upload.error.tooLarge`,
 * middlewares/upload-limit.ts); formidable streams every file to a temporary file (never
 * whole in memory) and middlewares/upload-cleanup.ts removes them when the request ends.
 *
 * Linking a stored file to a row goes through the query engine with the file's id, for a
 * `media` attribute of the content type (verified on SQLite and PostgreSQL in
 * tests/api/storage/uploads.test.ts):
 *
 *     await strapi.db.query('api::stand.stand').create({ data: { ...fields, image: stored.id } });
 *     await strapi.db.query('api::stand.stand').update({ where: { id }, data: { image: stored.id } }); // replaces the link
 *     await strapi.db.query('api::stand.stand').update({ where: { id }, data: { image: null } });      // removes it
 *
 * The link is a row of `files_related_mph` (file, related id and type, field), which the Media
 * Library shows as the file's relation. Replacing or removing a file does not delete the old
 * one: pass its id to `removeUploads` after the row was written (PreparedWrite.afterWrite).
 * `deleteMany` (resourceRoutes' delete) removes neither the rows' files nor their links: read
 * the rows' file ids before deleting and pass them to `removeUploads` after (which deletes the
 * stored objects, the file rows and their links).
 *
 * In a resourceRoutes spec: `toData` calls `takeUpload`, returns `onFailure: () =>
 * removeUploads(strapi, [stored.id])` (the row's write failed: the new file goes) and
 * `afterWrite: () => removeUploads(strapi, [oldId])` (the write succeeded: the replaced file
 * goes). In a custom route, `withUploads` does the same around any write.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs/promises';
import type { Core } from '@strapi/strapi';
import { ApiError } from '@plataforma/adapter';
import type { ContextLike } from '@plataforma/adapter/server';
import { uploadLimits } from './config';
import { KIND_TYPES, SNIFF_BYTES, sniff, type Sniffed, type UploadKind, type UploadType } from './sniff';

export type { UploadKind, UploadType } from './sniff';
export { sniff, KIND_TYPES } from './sniff';
export { uploadLimits, uploadTempDir, s3Settings, uploadOrigins, uploadPluginConfig } from './config';

export interface StoredUpload {
  id: number;
  url: string;
  /** The name shown in the Media Library: the client's name with the extension of the real type. */
  name: string;
  /** The MIME type found in the bytes. */
  mime: string;
  /** In kilobytes, as Strapi stores it and `fileRef` sends it. */
  size: number;
  width: number | null;
  height: number | null;
  type: UploadType;
}

/** The upload model's uid. */
export const FILE_UID = 'plugin::upload.file';

/** A file of the request as Strapi's body middleware (koa-body, formidable) left it in `ctx.request.files`. */
export interface RequestFile {
  filepath: string;
  originalFilename?: string | null;
  size: number;
}

/** A file row of the upload plugin. */
interface FileRow {
  id: number;
  url: string;
  name: string;
  mime: string;
  size: number | string;
  width?: number | null;
  height?: number | null;
  hash: string;
  ext: string;
  provider: string;
  formats?: Record<string, unknown> | null;
}

/** A file (or generated format) as the upload service hands it to the provider. */
type ProviderFile = { hash?: unknown; ext?: unknown } & Record<string, unknown>;

interface UploadService {
  upload(input: {
    data: { fileInfo: { name: string } };
    files: { filepath: string; originalFilename: string; mimetype: string; detectedMimeType: string; size: number };
  }): Promise<FileRow[]>;
  remove(file: FileRow): Promise<unknown>;
}

interface Provider {
  delete(file: ProviderFile): Promise<unknown>;
  [method: string]: unknown;
}

interface ImageService {
  getDimensions(file: { filepath: string }): Promise<{ width: number | null; height: number | null }>;
}

const uploadService = (strapi: Core.Strapi): UploadService => strapi.plugin('upload').service('upload') as UploadService;
const imageService = (strapi: Core.Strapi): ImageService => strapi.plugin('upload').service('image-manipulation') as ImageService;
const providerOf = (strapi: Core.Strapi): Provider => (strapi.plugin('upload') as unknown as { provider: Provider }).provider;

// ------------------------------------------------------------------ what the provider wrote

/**
 * Every object the provider is asked to write while a file is stored, so that a failure half
 * way (a format that cannot be generated, the row's insert) can delete what was written:
 * Strapi's upload service does not undo its provider writes itself.
 */
const providerWrites = new AsyncLocalStorage<ProviderFile[]>();
const RECORDING = Symbol.for('plataforma.uploads.recording');

const recordProviderWrites = (strapi: Core.Strapi): Provider => {
  const provider = providerOf(strapi);
  const marked = provider as Provider & { [RECORDING]?: true };
  if (marked[RECORDING]) return provider;
  for (const method of ['upload', 'uploadStream']) {
    const original = provider[method];
    if (typeof original !== 'function') continue;
    provider[method] = function recorded(this: unknown, file: ProviderFile, ...rest: unknown[]) {
      providerWrites.getStore()?.push(file);
      return (original as (...args: unknown[]) => unknown).call(this, file, ...rest);
    };
  }
  marked[RECORDING] = true;
  return provider;
};

// ------------------------------------------------------------------ checks

const requestFiles = (ctx: ContextLike): Record<string, unknown> => {
  const files = (ctx.request as { files?: unknown }).files;
  return typeof files === 'object' && files !== null ? (files as Record<string, unknown>) : {};
};

const isRequestFile = (value: unknown): value is RequestFile =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as RequestFile).filepath === 'string' &&
  typeof (value as RequestFile).size === 'number';

/** The first bytes of a file and its size on disk. */
const readHead = async (filepath: string): Promise<{ head: Uint8Array; size: number }> => {
  const handle = await fs.open(filepath, 'r');
  try {
    const { size } = await handle.stat();
    const buffer = Buffer.alloc(Math.min(SNIFF_BYTES, size));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return { head: buffer.subarray(0, bytesRead), size };
  } finally {
    await handle.close();
  }
};

// eslint-disable-next-line no-control-regex
const RESERVED = /[<>:"/\\|?*\u0000-\u001f\u007f]/g;
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)$/i;

/** The client's file name, made safe, with the extension of what the file really is ('arquivo.png' when nothing is left). */
export const displayName = (original: string | null | undefined, ext: string): string => {
  const last = String(original ?? '')
    .normalize('NFC')
    .split(/[\\/]/)
    .pop() as string;
  const stem = last
    .replace(RESERVED, '')
    .replace(/\.[^.]*$/, '')
    .replace(/^[.\s]+|[.\s]+$/g, '')
    .slice(0, 120)
    .trim();
  return `${stem && !WINDOWS_RESERVED.test(stem) ? stem : 'arquivo'}${ext}`;
};

/** A field that passed every check, ready to be stored. */
export interface CheckedUpload {
  field: string;
  filepath: string;
  size: number;
  name: string;
  sniffed: Sniffed;
}

/**
 * The file field `field` of the request as the body parser left it on disk (null when absent),
 * unchecked: for a route that checks a kind of file `checkUpload` does not know (a language
 * pack's JSON) before `storeUpload`. ApiError 400 `upload.error.multiple` (sent twice),
 * `upload.error.type` (not a file).
 */
export const requestFile = (ctx: ContextLike, field: string): RequestFile | null => {
  const entry = requestFiles(ctx)[field];
  if (entry === undefined || entry === null) return null;
  if (Array.isArray(entry)) throw new ApiError(400, 'upload.error.multiple');
  if (!isRequestFile(entry)) throw new ApiError(400, 'upload.error.type');
  return entry;
};

/** Whether an image's header decodes (sharp, the upload plugin's image library, reads its size). */
const decodes = async (strapi: Core.Strapi, filepath: string): Promise<boolean> => {
  try {
    const { width, height } = await imageService(strapi).getDimensions({ filepath });
    return Boolean(width && height);
  } catch {
    return false;
  }
};

/**
 * Checks the file field `field` of the request against `kind` without storing anything: null
 * when absent; ApiError 400 `upload.error.multiple` (sent twice), `upload.error.empty`,
 * `upload.error.type` (not a file, bytes of a type the kind does not accept, or an image that
 * does not decode), 413 `upload.error.tooLarge`.
 */
export const checkUpload = async (
  strapi: Core.Strapi,
  ctx: ContextLike,
  field: string,
  kind: UploadKind,
): Promise<CheckedUpload | null> => {
  const entry = requestFile(ctx, field);
  if (!entry) return null;
  const { head, size } = await readHead(entry.filepath);
  if (size === 0) throw new ApiError(400, 'upload.error.empty');
  const sniffed = sniff(head);
  if (!sniffed || !KIND_TYPES[kind].includes(sniffed.type)) throw new ApiError(400, 'upload.error.type');
  if (size > uploadLimits().bytes[kind]) throw new ApiError(413, 'upload.error.tooLarge');
  if (sniffed.type === 'IMAGE' && !(await decodes(strapi, entry.filepath))) throw new ApiError(400, 'upload.error.type');
  return { field, filepath: entry.filepath, size, name: displayName(entry.originalFilename, sniffed.ext), sniffed };
};

// ------------------------------------------------------------------ storing and removing

const errorName = (error: unknown): string => (typeof error === 'object' && error !== null ? String((error as Error).name) : '');
const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));

const toStored = (row: FileRow, type: UploadType): StoredUpload => ({
  id: row.id,
  url: row.url,
  name: row.name,
  mime: row.mime,
  size: Number(row.size) || 0,
  width: row.width ?? null,
  height: row.height ?? null,
  type,
});

/** Stores a checked file through the upload plugin; on any failure nothing it wrote is left (objects or row). */
export const storeUpload = async (strapi: Core.Strapi, checked: CheckedUpload): Promise<StoredUpload> => {
  const provider = recordProviderWrites(strapi);
  const written: ProviderFile[] = [];
  try {
    const [row] = await providerWrites.run(written, () =>
      uploadService(strapi).upload({
        data: { fileInfo: { name: checked.name } },
        files: {
          filepath: checked.filepath,
          originalFilename: checked.name,
          mimetype: checked.sniffed.mime,
          detectedMimeType: checked.sniffed.mime,
          size: checked.size,
        },
      }),
    );
    return toStored(row, checked.sniffed.type);
  } catch (error) {
    await Promise.all(
      written.map((file) =>
        provider.delete(file).catch((undo: unknown) => {
          strapi.log.error(
            `[uploads] could not delete ${String(file.hash)}${String(file.ext)} after a failed upload: ${errorMessage(undo)}`,
          );
        }),
      ),
    );
    const hashes = written.map((file) => file.hash).filter((hash): hash is string => typeof hash === 'string');
    if (hashes.length > 0) {
      await strapi.db
        .query(FILE_UID)
        .deleteMany({ where: { hash: { $in: hashes } } })
        .catch((undo: unknown) => strapi.log.error(`[uploads] could not delete the rows of a failed upload: ${errorMessage(undo)}`));
    }
    // Bytes that open like an image but do not decode (Strapi's own check with sharp).
    if (errorMessage(error) === 'File is not a valid image') throw new ApiError(400, 'upload.error.type');
    if (errorName(error) === 'PayloadTooLargeError') throw new ApiError(413, 'upload.error.tooLarge');
    throw error;
  }
};

/**
 * The multipart file field `field` of the request (ctx.request.files, as Strapi's body
 * middleware parsed it), checked on its bytes against `kind` and that kind's size limit,
 * stored through Strapi's upload plugin (so it appears in the stock Media Library); null when
 * the field is absent. Throws ApiError 400 `upload.error.type`, `upload.error.empty`,
 * `upload.error.multiple` (the field sent twice), 413 `upload.error.tooLarge`. Nothing is
 * stored when it throws.
 */
export async function takeUpload(strapi: Core.Strapi, ctx: ContextLike, field: string, kind: UploadKind): Promise<StoredUpload | null> {
  const checked = await checkUpload(strapi, ctx, field, kind);
  return checked ? storeUpload(strapi, checked) : null;
}

/**
 * Removes uploaded files by id: the stored object (disk or S3, and its generated formats), the
 * row and its links to other rows. Ids that no longer exist are ignored; a failure (the store
 * unreachable) is logged, never thrown, and leaves that file's row in the Media Library.
 */
export async function removeUploads(strapi: Core.Strapi, ids: readonly number[]): Promise<void> {
  for (const id of new Set(ids)) {
    try {
      const file = (await strapi.db.query(FILE_UID).findOne({ where: { id } })) as FileRow | null;
      if (!file) continue;
      await uploadService(strapi).remove(file);
    } catch (error) {
      strapi.log.error(`[uploads] could not remove file ${id}; it stays in the Media Library: ${errorMessage(error)}`);
    }
  }
}

/**
 * Checks every file of `fields` (field → kind) first, stores them, then runs `write(files)`
 * (absent fields are null). If anything throws — a check, a store, the write — the files it
 * stored are removed and the error is rethrown.
 */
export async function withUploads<T>(
  strapi: Core.Strapi,
  ctx: ContextLike,
  fields: Readonly<Record<string, UploadKind>>,
  write: (files: Record<string, StoredUpload | null>) => Promise<T>,
): Promise<T> {
  const checked: Array<[string, CheckedUpload | null]> = [];
  for (const [field, kind] of Object.entries(fields)) checked.push([field, await checkUpload(strapi, ctx, field, kind)]);
  const stored: Record<string, StoredUpload | null> = {};
  try {
    for (const [field, upload] of checked) stored[field] = upload ? await storeUpload(strapi, upload) : null;
    return await write(stored);
  } catch (error) {
    await removeUploads(
      strapi,
      Object.values(stored)
        .filter((file): file is StoredUpload => file !== null)
        .map((file) => file.id),
    );
    throw error;
  }
}
