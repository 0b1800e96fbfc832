import type { Core } from '@strapi/strapi';

type CreateParams = Parameters<ReturnType<Core.Strapi['db']['query']>['create']>[0];

/**
 * Creates a row and its relation links in one transaction. The query engine inserts the row,
 * then its links in a second step: a crash (kill -9) between them left rows without their
 * relations — contacts no attendant would see, sessions of nobody (issue 18). Inside an
 * outer transaction this joins it.
 */
export const createAtomically = async <Row = { id: number }>(strapi: Core.Strapi, uid: string, params: CreateParams): Promise<Row> =>
  (await strapi.db.transaction(() => strapi.db.query(uid as Parameters<Core.Strapi['db']['query']>[0]).create(params))) as Row;
