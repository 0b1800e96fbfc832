/**
 * What a file is, read from its first bytes (magic numbers), never from its name or the type
 * the client declared. Only the formats the product accepts are recognised; anything else
 * (SVG, HTML, scripts, executables, archives, HEIC, audio…) is `null`.
 */

import { UPLOAD_KIND_TYPES, type MediaType, type UploadKind } from '@plataforma/adapter';

export type { UploadKind } from '@plataforma/adapter';
export type UploadType = MediaType;

export interface Sniffed {
  /** The MIME type the file is stored and served with. */
  mime: string;
  /** The extension it is stored under (whatever the client named it). */
  ext: string;
  type: UploadType;
}

/** How many leading bytes `sniff` needs to decide (the same window Strapi's own check reads). */
export const SNIFF_BYTES = 4100;

const ascii = (bytes: Uint8Array, start: number, length: number): string =>
  start + length <= bytes.length ? String.fromCharCode(...bytes.subarray(start, start + length)) : '';

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);

const uint32 = (bytes: Uint8Array, offset: number): number =>
  ((bytes[offset] << 24) | (bytes[offset + 1] << 16) | (bytes[offset + 2] << 8) | bytes[offset + 3]) >>> 0;

const IMAGE = (mime: string, ext: string): Sniffed => ({ mime, ext, type: 'IMAGE' });
const VIDEO = (mime: string, ext: string): Sniffed => ({ mime, ext, type: 'VIDEO' });

const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'iso7',
  'iso8',
  'iso9',
  'mp41',
  'mp42',
  'mp71',
  'avc1',
  'av01',
  'hvc1',
  'dash',
  'mmp4',
  'MSNV',
  'NDAS',
  'XAVC',
  'f4v ',
  'F4V ',
]);
const M4V_BRANDS = new Set(['M4V ', 'M4VH', 'M4VP']);
const HEIF_BRANDS = new Set(['mif1', 'msf1', 'miaf']);
const AVIF_BRANDS = new Set(['avif', 'avis']);

/** An ISO base media file (MP4, MOV, M4V, AVIF): the `ftyp` box's brands decide. */
const isoMedia = (bytes: Uint8Array): Sniffed | null => {
  if (ascii(bytes, 4, 4) !== 'ftyp') return null;
  const size = uint32(bytes, 0);
  if (size < 16 || size > 4096) return null;
  const major = ascii(bytes, 8, 4);
  const brands = new Set([major]);
  for (let offset = 16; offset + 4 <= Math.min(size, bytes.length); offset += 4) brands.add(ascii(bytes, offset, 4));
  const avif = [...AVIF_BRANDS].some((brand) => brands.has(brand));
  if (AVIF_BRANDS.has(major) || (HEIF_BRANDS.has(major) && avif)) return IMAGE('image/avif', '.avif');
  if (major === 'qt  ') return VIDEO('video/quicktime', '.mov');
  if (M4V_BRANDS.has(major)) return VIDEO('video/x-m4v', '.m4v');
  if (MP4_BRANDS.has(major)) return VIDEO('video/mp4', '.mp4');
  return null;
};

/** QuickTime files older than the `ftyp` box open with one of these atoms. */
const legacyQuickTime = (bytes: Uint8Array): Sniffed | null => {
  const atom = ascii(bytes, 4, 4);
  const size = uint32(bytes, 0);
  if ((atom === 'moov' || atom === 'wide' || atom === 'mdat') && size >= 8) return VIDEO('video/quicktime', '.mov');
  return null;
};

/** Reads an EBML variable-length integer: its value and its length in bytes. */
const vint = (bytes: Uint8Array, offset: number): { value: number; length: number } | null => {
  const first = bytes[offset];
  if (first === undefined || first === 0) return null;
  let length = 1;
  while (length <= 8 && (first & (0x80 >> (length - 1))) === 0) length += 1;
  if (length > 8 || offset + length > bytes.length) return null;
  let value = first & (0xff >> length);
  for (let i = 1; i < length; i += 1) value = value * 256 + bytes[offset + i];
  return { value, length };
};

/** WebM: an EBML header whose DocType element (0x4282) says `webm` (Matroska in general is not accepted). */
const webm = (bytes: Uint8Array): Sniffed | null => {
  if (!startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return null;
  const header = vint(bytes, 4);
  if (!header) return null;
  const end = Math.min(bytes.length, 4 + header.length + header.value);
  for (let offset = 4 + header.length; offset + 2 < end; offset += 1) {
    if (bytes[offset] !== 0x42 || bytes[offset + 1] !== 0x82) continue;
    const size = vint(bytes, offset + 2);
    if (!size || size.value > 16) continue;
    const docType = ascii(bytes, offset + 2 + size.length, size.value).replace(/\0+$/, '');
    return docType === 'webm' ? VIDEO('video/webm', '.webm') : null;
  }
  return null;
};

/** Ogg carrying a Theora video stream (an Ogg of audio only is not a video). */
const oggVideo = (bytes: Uint8Array): Sniffed | null => {
  if (ascii(bytes, 0, 4) !== 'OggS') return null;
  const theora = [0x80, ...'theora'.split('').map((c) => c.charCodeAt(0))];
  for (let offset = 28; offset + theora.length <= bytes.length; offset += 1) {
    if (startsWith(bytes, theora, offset)) return VIDEO('video/ogg', '.ogv');
  }
  return null;
};

/** The accepted format of these leading bytes, or null. Pass at least `SNIFF_BYTES` bytes when the file has them. */
export const sniff = (bytes: Uint8Array): Sniffed | null => {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return IMAGE('image/jpeg', '.jpg');
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) && ascii(bytes, 12, 4) === 'IHDR')
    return IMAGE('image/png', '.png');
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return IMAGE('image/gif', '.gif');
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP' && ['VP8 ', 'VP8L', 'VP8X'].includes(ascii(bytes, 12, 4)))
    return IMAGE('image/webp', '.webp');
  if (ascii(bytes, 0, 5) === '%PDF-') return { mime: 'application/pdf', ext: '.pdf', type: 'DOCUMENT' };
  return isoMedia(bytes) ?? webm(bytes) ?? oggVideo(bytes) ?? legacyQuickTime(bytes);
};

/**
 * What each kind of field accepts: 'image' images only (SPEC §5: stand and event images), 'media'
 * also video and PDF — the contract's list (adapter/src/uploads.ts), which the back office checks
 * a picked file against; sniff.test.ts pins what `sniff` recognises to its formats.
 */
export const KIND_TYPES: Readonly<Record<UploadKind, readonly UploadType[]>> = UPLOAD_KIND_TYPES;

export const isUploadKind = (value: unknown): value is UploadKind => value === 'image' || value === 'media';
