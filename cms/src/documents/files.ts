import type { MessageKey } from '@plataforma/adapter';

/** The files a file link of a type takes: images only (a stand's, a sponsor's picture), or a media's image, video or PDF. */
export type FileKind = 'image' | 'media';

/**
 * What the product's uploads take, by the MIME type the Media Library stored a file with (its
 * own check of the bytes, decision 017): an image but SVG, a video, a PDF. The product's routes
 * decide on the bytes (`storage/sniff.ts`); a file chosen in the Content Manager was stored by the
 * Media Library, so its stored type is what there is to read.
 */
export const fileTypeOf = (mime: string | null | undefined): 'IMAGE' | 'VIDEO' | 'DOCUMENT' | null => {
  const bare = (mime ?? '').split(';')[0].trim().toLowerCase();
  if (bare.startsWith('image/') && bare !== 'image/svg+xml') return 'IMAGE';
  if (bare.startsWith('video/')) return 'VIDEO';
  if (bare === 'application/pdf') return 'DOCUMENT';
  return null;
};

/** The key that refuses a file of this type for a link of this kind, or null when it fits. */
export const fileKindProblem = (kind: FileKind, mime: string | null | undefined): MessageKey | null => {
  const type = fileTypeOf(mime);
  if (type === null || (kind === 'image' && type !== 'IMAGE')) return 'upload.error.type';
  return null;
};
