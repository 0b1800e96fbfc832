import type { Core } from '@strapi/strapi';
import { fail, type MessageKey } from '@plataforma/adapter';
import { answerError, type RouteDef } from '@plataforma/adapter/server';

const ROLLBACK = Symbol('rollback');

/**
 * Runs each route's handler in one database transaction, rolled back when the handler answers
 * an error: a check and the write it guards see the same rows, and a write of several statements
 * (a row and its links, a cascade) is whole or nothing. Strapi's query engine joins the
 * transaction by async context (`strapi.db.transaction` keeps it in an AsyncLocalStorage that
 * every query builder's `execute` reads), on SQLite and PostgreSQL alike; raw knex calls must
 * pass it themselves. Keep these handlers short and never upload inside them: on SQLite the
 * transaction holds the process's only connection, so every other query waits for it.
 */
export const inTransaction = (strapi: Core.Strapi, routes: RouteDef[]): RouteDef[] =>
  routes.map((route) => ({
    ...route,
    handler: async (ctx) => {
      try {
        await strapi.db.transaction(async () => {
          await route.handler(ctx);
          // The handler answers its own failures (guarded); its status says whether to undo.
          if (ctx.status >= 400) throw ROLLBACK;
        });
      } catch (error) {
        if (error !== ROLLBACK) answerError(ctx, error, strapi.log);
      }
    },
  }));

/**
 * Answers a refusal of a unique index (409 `api.error.conflict`, e.g. two saves of one coupon
 * code at the same instant, past the check each made) with the resource's own key.
 */
export const conflictAs = (msg: MessageKey, routes: RouteDef[]): RouteDef[] =>
  routes.map((route) => ({
    ...route,
    handler: async (ctx) => {
      await route.handler(ctx);
      if (ctx.status === 409 && (ctx.body as { msg?: unknown } | undefined)?.msg === 'api.error.conflict') ctx.body = fail(409, msg);
    },
  }));

/**
 * Reads a row and, on PostgreSQL, locks it (`SELECT … FOR UPDATE`) until the transaction ends,
 * so two requests that check then write under the same parent (a room's lectures, an event's
 * room numbers) run one after the other. SQLite needs no lock: it has a single writer, and
 * Strapi's SQLite pool is one connection, so a transaction runs alone in the process. False
 * when the row does not exist. Call it inside a transaction (`inTransaction`, `strapi.db.transaction`).
 */
export const lockRow = async (strapi: Core.Strapi, uid: string, id: number): Promise<boolean> => {
  if (!strapi.db.inTransaction()) throw new Error(`lockRow(${uid}) outside a transaction would lock nothing`);
  const query = strapi.db.entityManager.createQueryBuilder(uid).select('id').where({ id });
  if (strapi.db.dialect.client === 'postgres') query.forUpdate();
  const rows = (await query.execute()) as unknown[];
  return rows.length > 0;
};
