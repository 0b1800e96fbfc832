import type { FileRef, Flag } from '@plataforma/adapter';

/** An upload row as the query engine returns it when populated. */
export interface FileRow {
  id: number;
  url: string;
  name: string;
  mime: string;
  size: number | string;
  width?: number | null;
  height?: number | null;
}

export const fileUrl = (file: FileRow | null | undefined): string | null => file?.url ?? null;

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
