import type { Core } from '@strapi/strapi';
import { ApiError, type MessageKey } from '@plataforma/adapter';

/**
 * Makes a type append-only below the document service too: the query engine (`strapi.db.query`,
 * which the product's code, plugins and the document service itself write through) refuses every
 * update and delete of its rows with `key` (ApiError 403: a product route answers it, anything
 * else sees the error). New rows are written as before. No named operation of the product changes
 * a log line (an account's erasure anonymises the account, not the lines about it; decision 032),
 * so nothing is let through. Strapi's own `strapi import` turns database lifecycles off while it
 * restores a backup (decision 024), so a restore still replaces the rows. Raw SQL on the
 * connection is not a way in the product has.
 */
export const keepAppendOnly = (strapi: Core.Strapi, uid: string, key: MessageKey): void => {
  const refuse = (): never => {
    throw new ApiError(403, key);
  };
  strapi.db.lifecycles.subscribe({
    models: [uid],
    beforeUpdate: refuse,
    beforeUpdateMany: refuse,
    beforeDelete: refuse,
    beforeDeleteMany: refuse,
  });
};
