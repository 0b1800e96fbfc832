import type { Core } from '@strapi/strapi';
import { ApiError, type MessageKey } from '@plataforma/adapter';
import { parseIds, reply, type ContextLike, type RouteDef, type Where } from '@plataforma/adapter/server';
import { removeUploads } from '../storage';
import type { logChanges } from './changes';
import { routeFor } from './router';

type Row = { id: number } & Record<string, unknown>;

/** The ids of the files the rows hold in their media attributes. */
export const fileIdsOf = (rows: readonly Row[], fields: readonly string[]): number[] =>
  rows.flatMap((row) =>
    fields.flatMap((field) => {
      const file = row[field] as { id?: unknown } | null | undefined;
      return typeof file?.id === 'number' ? [file.id] : [];
    }),
  );

/** Rows of a content type with the ids of their files (`where` narrows them). */
export const rowsWithFiles = async (strapi: Core.Strapi, uid: string, where: Where, fields: readonly string[]): Promise<Row[]> =>
  (await strapi.db.query(uid).findMany({
    where,
    select: ['id'],
    populate: Object.fromEntries(fields.map((field) => [field, { select: ['id'] }])),
  })) as Row[];

/**
 * Deletes stored files once the rows that held them are gone. The rows are already deleted, so a
 * store that fails now is logged, not answered: the request did what it was asked.
 */
export const discardFiles = async (strapi: Core.Strapi, ids: readonly number[]): Promise<void> => {
  if (ids.length === 0) return;
  try {
    await removeUploads(strapi, ids);
  } catch (error) {
    strapi.log.error(`[uploads] files ${ids.join(', ')} outlived their rows: ${(error as Error).message}`);
  }
};

export interface RemovalSpec {
  uid: string;
  /** The collection path (`DELETE <path>?ids=`). */
  path: string;
  notFound: MessageKey;
  /** Media attributes whose files go with the rows. */
  fileFields: readonly string[];
  /** The caller's rows (e.g. an attendant's): ids outside it count as not found. */
  scope?: (ctx: ContextLike) => Where | null;
  /** Deletes what belongs to the rows, inside the same transaction; answers the ids of their files. */
  dependents?: (ids: number[]) => Promise<number[]>;
  log: ReturnType<typeof logChanges>;
}

/**
 * `DELETE <path>` with `?ids=` or `{ ids }`: the rows found (within the scope) and what belongs
 * to them go in one transaction, then their files; 404 when none of the ids is found.
 */
export const removalRoute = (strapi: Core.Strapi, spec: RemovalSpec): RouteDef =>
  routeFor(strapi)({
    method: 'DELETE',
    path: spec.path,
    config: { auth: false },
    handler: async (ctx) => {
      const asked = parseIds(ctx.query, ctx.request.body);
      const scope = spec.scope?.(ctx);
      const where: Where = scope ? { $and: [scope, { id: { $in: asked } }] } : { id: { $in: asked } };
      const { ids, files } = await strapi.db.transaction(async () => {
        const rows = await rowsWithFiles(strapi, spec.uid, where, spec.fileFields);
        if (rows.length === 0) throw new ApiError(404, spec.notFound);
        const found = rows.map((row) => row.id).sort((a, b) => a - b);
        const dependentFiles = (await spec.dependents?.(found)) ?? [];
        await strapi.db.query(spec.uid).deleteMany({ where: { id: { $in: found } } });
        return { ids: found, files: [...fileIdsOf(rows, spec.fileFields), ...dependentFiles] };
      });
      await spec.log({ action: 'delete', ids, ctx });
      await discardFiles(strapi, files);
      return reply({ ids, count: ids.length }, 'api.deleted');
    },
  });
