import type { FileRef, Flag, ImageSource } from '@plataforma/adapter';

/** A format Strapi's upload plugin generated for an image (thumbnail, small, medium, large). */
export interface FileFormat {
  url?: string | null;
  width?: number | null;
}

/** An upload row as the query engine returns it when populated. */
export interface FileRow {
  id: number;
  url: string;
  name: string;
  mime: string;
  size: number | string;
  width?: number | null;
  height?: number | null;
  /** A JSON column: an object, or its text where a driver hands JSON back unparsed. */
  formats?: Record<string, FileFormat | null> | string | null;
}

/**
 * What an image field's populate reads: its URL and the widths of the original and of its
 * formats (one JSON column), nothing else of the file row.
 */
export const IMAGE_FIELDS = { select: ['id', 'url', 'width', 'formats'] };

export const fileUrl = (file: FileRow | null | undefined): string | null => file?.url ?? null;

const formatsOf = (file: FileRow): FileFormat[] => {
  let formats = file.formats;
  if (typeof formats === 'string') {
    try {
      formats = JSON.parse(formats) as Record<string, FileFormat | null>;
    } catch {
      return [];
    }
  }
  return formats && typeof formats === 'object' ? Object.values(formats).filter((format): format is FileFormat => !!format) : [];
};

const isWidth = (width: unknown): width is number => typeof width === 'number' && Number.isInteger(width) && width > 0;

/**
 * The sizes of an image for a `srcset`: its generated formats and the original, narrowest
 * first, one per width (a format before an original of the same width). Empty without a file
 * or when no width is known.
 */
export const imageSources = (file: FileRow | null | undefined): ImageSource[] => {
  if (!file) return [];
  const candidates = [...formatsOf(file), { url: file.url, width: file.width }];
  const sources: ImageSource[] = [];
  for (const { url, width } of candidates) {
    if (typeof url !== 'string' || url === '' || !isWidth(width) || sources.some((source) => source.width === width)) continue;
    sources.push({ url, width });
  }
  return sources.sort((a, b) => a.width - b.width);
};

export const fileRef = (file: FileRow | null | undefined): FileRef | null =>
  file
    ? {
        id: file.id,
        url: file.url,
        name: file.name,
        mime: file.mime,
        // Strapi stores size in KB.
        size: Number(file.size) || 0,
        width: file.width ?? null,
        height: file.height ?? null,
        sources: file.mime.startsWith('image/') ? imageSources(file) : [],
      }
    : null;

export const idOf = (relation: { id: number } | null | undefined): number | null => relation?.id ?? null;

export const textOr = (value: string | null | undefined, fallback = ''): string => value ?? fallback;

export const orNull = (value: string | null | undefined): string | null => (value === undefined || value === '' ? null : value);

export const flag = (value: unknown): Flag => (value === true || value === 1 || value === '1' || value === 't' ? 1 : 0);

export const isoString = (value: Date | string | number | null | undefined): string => {
  if (value === null || value === undefined) return '';
  const date = value instanceof Date ? value : new Date(typeof value === 'number' ? value : String(value).replace(' ', 'T'));
  return Number.isNaN(date.getTime()) ? String(value) : date.toISOString();
};

/** 'YYYY-MM-DD' whatever the driver returned. */
export const dateOnly = (value: Date | string | null | undefined): string | null => {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).slice(0, 10);
};

/** 'HH:mm:ss' whatever the driver returned ('HH:mm:ss.SSS', 'HH:mm'). */
export const timeOnly = (value: string | null | undefined): string | null => {
  if (value === null || value === undefined || value === '') return null;
  const [h = '00', m = '00', s = '00'] = String(value).split(':');
  return `${h.padStart(2, '0')}:${m.padStart(2, '0')}:${s.slice(0, 2).padStart(2, '0')}`;
};

/** Reads a 0/1/true/false query flag. */
export const queryFlag = (value: unknown): boolean => value === '1' || value === 'true' || value === 1 || value === true;
