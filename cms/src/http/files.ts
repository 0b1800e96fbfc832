import type { Core } from '@strapi/strapi';
import { ApiError, type MessageKey } from '@plataforma/adapter';
import type { ContextLike } from '@plataforma/adapter/server';
import { removeUploads, takeUpload, type StoredUpload, type UploadKind } from '../storage';
import { discardFiles } from './removal';

/** One file of a multipart save: a stand's `image`, a media's `file`. */
export interface FileField {
  /** The multipart field and the media attribute that holds its file. */
  field: string;
  kind: UploadKind;
  /** The save's removal flag (`removeImage` 1): the stored file goes, and none replaces it unless one was sent. */
  remove?: boolean;
  /** The row must hold a file: a create without one, or a removal without a new one, answers 400 with this key. */
  required?: MessageKey;
}

export interface FileChanges {
  /** The media attributes to write: a new file's id, or null when the file was removed. */
  data: Record<string, number | null>;
  /** The files stored by this request, by field. */
  stored: Record<string, StoredUpload | null>;
  /** Deletes the files stored by this request (the write failed). */
  onFailure: () => Promise<void>;
  /** Deletes the files the write replaced or removed (the write succeeded). */
  afterWrite: () => Promise<void>;
}

/**
 * Takes the request's files for a create (`current` null) or an update of a row whose files
 * are `current` (file id per field). Call it last, once everything else of the save is valid:
 * a failure here removes what it stored before answering.
 */
export const takeFiles = async (
  strapi: Core.Strapi,
  ctx: ContextLike,
  fields: readonly FileField[],
  current: Record<string, number | null> | null,
): Promise<FileChanges> => {
  const stored: Record<string, StoredUpload | null> = {};
  const cleanUp = () =>
    removeUploads(
      strapi,
      Object.values(stored).flatMap((file) => (file ? [file.id] : [])),
    );
  const data: Record<string, number | null> = {};
  const replaced: number[] = [];
  try {
    for (const spec of fields) {
      const file = await takeUpload(strapi, ctx, spec.field, spec.kind);
      stored[spec.field] = file;
      const old = current?.[spec.field] ?? null;
      if (file) {
        data[spec.field] = file.id;
        if (old !== null) replaced.push(old);
      } else if (spec.remove && old !== null) {
        data[spec.field] = null;
        replaced.push(old);
      }
      // A create without the file, or an update that removes it without a new one. (An update
      // that leaves the file alone is not refused, even for a row that never had one.)
      if (spec.required && file === null && (current === null || spec.remove)) throw new ApiError(400, spec.required);
    }
  } catch (error) {
    await cleanUp();
    throw error;
  }
  return { data, stored, onFailure: cleanUp, afterWrite: () => discardFiles(strapi, replaced) };
};

/** The file ids a row holds in its media attributes (populated with `{ select: ['id'] }`). */
export const currentFiles = (row: Record<string, unknown> | null, fields: readonly string[]): Record<string, number | null> =>
  Object.fromEntries(
    fields.map((field) => {
      const file = row?.[field] as { id?: unknown } | null | undefined;
      return [field, typeof file?.id === 'number' ? file.id : null];
    }),
  );

/** A row's current files, read by id. */
export const filesOfRow = async (strapi: Core.Strapi, uid: string, id: number, fields: readonly string[]) =>
  currentFiles(
    (await strapi.db.query(uid).findOne({
      where: { id },
      select: ['id'],
      populate: Object.fromEntries(fields.map((field) => [field, { select: ['id'] }])),
    })) as Record<string, unknown> | null,
    fields,
  );
