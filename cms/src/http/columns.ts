import type { Core } from '@strapi/strapi';
import { ApiError } from '@plataforma/adapter';

/**
 * Strapi creates every `string` attribute as varchar(255) on PostgreSQL, whatever its
 * maxLength, while SQLite keeps a text of any length: a longer text would be a 500 on one
 * database and stored on the other. Writes check it first and answer 400 on both.
 */
export const STRING_COLUMN_MAX = 255;

/** The attributes of `data` whose text is longer than their `string` column of `uid` holds. */
export const longColumns = (strapi: Core.Strapi, uid: string, data: Record<string, unknown>): string[] => {
  const { attributes } = strapi.db.metadata.get(uid);
  return Object.entries(data)
    .filter(([key, value]) => {
      const attribute = attributes[key] as { type?: string } | undefined;
      return attribute?.type === 'string' && typeof value === 'string' && value.length > STRING_COLUMN_MAX;
    })
    .map(([key]) => key);
};

/** Throws 400 `api.error.invalidBody` when a text of `data` is longer than its `string` column of `uid` holds. */
export const checkColumnLengths = (strapi: Core.Strapi, uid: string, data: Record<string, unknown>): void => {
  if (longColumns(strapi, uid, data).length > 0) throw new ApiError(400, 'api.error.invalidBody');
};
