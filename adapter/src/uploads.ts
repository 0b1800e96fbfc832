import type { MediaType } from './constants';

/*
 * The files an upload field accepts and how large they may be (SPEC §5), zod-free: the back
 * office checks a picked file against them before anything is sent, the server checks the
 * file's bytes against the same formats (cms/src/storage/sniff.ts, pinned to this list by its
 * test) and its size against UPLOAD_IMAGE_MAX_MB / UPLOAD_MEDIA_MAX_MB, whose defaults these are.
 */

/** What a field takes: 'image' images only (stand, event, sponsor, product, speaker pictures), 'media' also video and PDF. */
export type UploadKind = 'image' | 'media';

/** One accepted format: the MIME type it is stored and served with, the names a file of it may have, and its name in a message. */
export interface UploadFormat {
  mime: string;
  /** The stored extension first. */
  extensions: readonly string[];
  /** As a person reads it ('JPG', 'WebP'). */
  name: string;
  type: MediaType;
}

/** Every format the product stores, images first. */
export const UPLOAD_FORMATS: readonly UploadFormat[] = [
  { mime: 'image/jpeg', extensions: ['.jpg', '.jpeg'], name: 'JPG', type: 'IMAGE' },
  { mime: 'image/png', extensions: ['.png'], name: 'PNG', type: 'IMAGE' },
  { mime: 'image/gif', extensions: ['.gif'], name: 'GIF', type: 'IMAGE' },
  { mime: 'image/webp', extensions: ['.webp'], name: 'WebP', type: 'IMAGE' },
  { mime: 'image/avif', extensions: ['.avif'], name: 'AVIF', type: 'IMAGE' },
  { mime: 'video/mp4', extensions: ['.mp4'], name: 'MP4', type: 'VIDEO' },
  { mime: 'video/quicktime', extensions: ['.mov'], name: 'MOV', type: 'VIDEO' },
  { mime: 'video/x-m4v', extensions: ['.m4v'], name: 'M4V', type: 'VIDEO' },
  { mime: 'video/webm', extensions: ['.webm'], name: 'WebM', type: 'VIDEO' },
  { mime: 'video/ogg', extensions: ['.ogv', '.ogg'], name: 'Ogg', type: 'VIDEO' },
  { mime: 'application/pdf', extensions: ['.pdf'], name: 'PDF', type: 'DOCUMENT' },
];

/** The media types each kind of field accepts. */
export const UPLOAD_KIND_TYPES: Readonly<Record<UploadKind, readonly MediaType[]>> = {
  image: ['IMAGE'],
  media: ['IMAGE', 'VIDEO', 'DOCUMENT'],
};

/** The default largest file of each kind, in megabytes (UPLOAD_IMAGE_MAX_MB, UPLOAD_MEDIA_MAX_MB). */
export const UPLOAD_DEFAULT_MAX_MB: Readonly<Record<UploadKind, number>> = { image: 10, media: 512 };

/** One megabyte, as the size limits count it. */
export const UPLOAD_MB = 1024 * 1024;

/** The formats a kind of field accepts. */
export const uploadFormats = (kind: UploadKind): UploadFormat[] =>
  UPLOAD_FORMATS.filter((format) => UPLOAD_KIND_TYPES[kind].includes(format.type));

/** A file input's `accept` for a kind: its MIME types and extensions ('image/jpeg,.jpg,.jpeg,…'). */
export const uploadAccept = (kind: UploadKind): string =>
  uploadFormats(kind)
    .flatMap((format) => [format.mime, ...format.extensions])
    .join(',');

/** What the browser knows of a picked file. */
export interface PickedFile {
  name: string;
  type: string;
  size: number;
}

const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
};

/**
 * The accepted format a picked file claims to be, from its declared type, or from its name
 * when the browser declared none (or a generic binary): null when the field does not take it.
 * The server still reads the bytes; this stops the obvious mistakes before the upload.
 */
export const uploadFormatOf = (file: Pick<PickedFile, 'name' | 'type'>, kind: UploadKind): UploadFormat | null => {
  const formats = uploadFormats(kind);
  const mime = file.type.split(';')[0].trim().toLowerCase();
  if (mime !== '' && mime !== 'application/octet-stream') return formats.find((format) => format.mime === mime) ?? null;
  const extension = extensionOf(file.name);
  return formats.find((format) => format.extensions.includes(extension)) ?? null;
};

/** Why a picked file is refused: not a format of the field, too large, or empty. */
export type UploadRefusal = 'type' | 'tooLarge' | 'empty';

/** The refusal of a picked file for a field of `kind` whose limit is `maxBytes`, or null when it may be sent. */
export const uploadRefusal = (file: PickedFile, kind: UploadKind, maxBytes: number): UploadRefusal | null => {
  if (uploadFormatOf(file, kind) === null) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > maxBytes) return 'tooLarge';
  return null;
};

/** The `<meta>` of the venue's page that carries this deployment's size limits (the server writes it). */
export const UPLOAD_LIMITS_META = 'plataforma-upload-limits';

/** The default limits, in bytes. */
export const UPLOAD_DEFAULT_LIMITS: Readonly<Record<UploadKind, number>> = {
  image: UPLOAD_DEFAULT_MAX_MB.image * UPLOAD_MB,
  media: UPLOAD_DEFAULT_MAX_MB.media * UPLOAD_MB,
};

/** The limits as the meta's content ('image=10485760,media=536870912'). */
export const formatUploadLimits = (bytes: Readonly<Record<UploadKind, number>>): string =>
  `image=${Math.floor(bytes.image)},media=${Math.floor(bytes.media)}`;

/** The limits a meta's content gives; the defaults for what it lacks or garbles. */
export const parseUploadLimits = (content: string | null | undefined): Record<UploadKind, number> => {
  const limits: Record<UploadKind, number> = { ...UPLOAD_DEFAULT_LIMITS };
  for (const part of (content ?? '').split(',')) {
    const [name, value] = part.split('=').map((piece) => piece.trim());
    const bytes = Number(value);
    if ((name === 'image' || name === 'media') && /^\d+$/.test(value ?? '') && bytes > 0) limits[name] = bytes;
  }
  return limits;
};
