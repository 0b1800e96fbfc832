import type { Core } from '@strapi/strapi';
import { markPending, scheduleRollup } from './page-view-rollup';
import { documentId } from '../lib/document-id';
import { settings } from '../lib/settings';
import { BatchBuffer } from './batch-buffer';

/** A page view accepted by POST /api/site/v1/page-views, waiting for its batch (decision 038). */
export interface PendingView {
  path: string;
  referrer: string | null;
  language: string | null;
  eventId: number | null;
  standId: number | null;
  clientId: number | null;
  createdAt: Date;
}

const PAGE_VIEW = 'api::page-view.page-view';
const CLIENT = 'api::client.client';

interface JoinTable {
  name: string;
  joinColumn: { name: string };
  inverseJoinColumn: { name: string };
  orderColumnName?: string;
  inverseOrderColumnName?: string;
}

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];
const marks = (count: number, width: number) => Array.from({ length: count }, () => `(${Array(width).fill('?').join(', ')})`).join(', ');

/**
 * Writes one batch in one transaction: one multi-row insert of the views, one per relation
 * (event, stand, client) and one for the clients' entered events — only the links that are
 * missing. Existence is checked in the same statements (a view naming an event or stand that
 * does not exist, or no longer does, is stored without it, as before), so no request queries.
 */
export const writePageViews = async (strapi: Core.Strapi, views: readonly PendingView[]): Promise<void> => {
  if (views.length === 0) return;
  const meta = strapi.db.metadata.get(PAGE_VIEW);
  const table = (uid: string) => strapi.db.metadata.get(uid).tableName;
  const join = (uid: string, attribute: string) =>
    (strapi.db.metadata.get(uid).attributes[attribute] as unknown as { joinTable: JoinTable }).joinTable;
  const sqlite = strapi.db.dialect.client !== 'postgres';
  const stamp = (date: Date) => (sqlite ? date.getTime() : date);
  const knex = strapi.db.connection;
  await strapi.db.transaction(async ({ trx }) => {
    const raw = (sql: string, bindings: unknown[]) => knex.raw(sql, bindings as never[]).transacting(trx as never);
    const keyed = views.map((view) => ({ view, documentId: documentId() }));
    const inserted = rowsOf<{ id: number; document_id: string }>(
      await raw(
        `insert into ${meta.tableName} (document_id, path, referrer, language, created_at, updated_at, published_at) values ${marks(keyed.length, 7)} returning id, document_id`,
        keyed.flatMap(({ view, documentId: key }) => [
          key,
          view.path,
          view.referrer,
          view.language,
          stamp(view.createdAt),
          stamp(view.createdAt),
          stamp(view.createdAt),
        ]),
      ),
    );
    const idOf = new Map(inserted.map((row) => [row.document_id, Number(row.id)]));
    const link = async (attribute: 'event' | 'stand' | 'client', target: string, pick: (view: PendingView) => number | null) => {
      const pairs = keyed.flatMap(({ view, documentId: key }) => {
        const other = pick(view);
        const id = idOf.get(key);
        return other === null || id === undefined ? [] : [[id, other] as const];
      });
      if (pairs.length === 0) return;
      const lnk = join(PAGE_VIEW, attribute);
      const extra = [lnk.orderColumnName, lnk.inverseOrderColumnName].filter((name): name is string => Boolean(name));
      await raw(
        `insert into ${lnk.name} (${[lnk.joinColumn.name, lnk.inverseJoinColumn.name, ...extra].join(', ')}) ` +
          `select v.a, v.b${extra.map(() => ', 1').join('')} from (${pairs.map(() => 'select cast(? as integer) as a, cast(? as integer) as b').join(' union all ')}) v ` +
          `where exists (select 1 from ${table(target)} t where t.id = v.b)`,
        pairs.flat(),
      );
    };
    await link('event', 'api::event.event', (view) => view.eventId);
    await link('stand', 'api::stand.stand', (view) => view.standId);
    await link('client', CLIENT, (view) => view.clientId);
    // A signed-in client's view of an event: the client entered it (network room, 'Meus eventos').
    const entered = [
      ...new Set(views.flatMap((view) => (view.clientId !== null && view.eventId !== null ? [`${view.clientId}:${view.eventId}`] : []))),
    ].map((pair) => pair.split(':').map(Number) as [number, number]);
    if (entered.length > 0) {
      const lnk = join(CLIENT, 'events');
      const [c, e] = [lnk.joinColumn.name, lnk.inverseJoinColumn.name];
      const order = [
        ...(lnk.orderColumnName ? [[lnk.orderColumnName, c] as const] : []),
        ...(lnk.inverseOrderColumnName ? [[lnk.inverseOrderColumnName, e] as const] : []),
      ];
      // Appended after the client's (and the event's) links, as a connect does.
      await raw(
        `insert into ${lnk.name} (${[c, e, ...order.map(([name]) => name)].join(', ')}) ` +
          `select v.a, v.b${order.map(([name, by]) => `, (select coalesce(max(o.${name}), 0) + 1 from ${lnk.name} o where o.${by} = v.${by === c ? 'a' : 'b'})`).join('')} ` +
          `from (${entered.map(() => 'select cast(? as integer) as a, cast(? as integer) as b').join(' union all ')}) v ` +
          `where exists (select 1 from ${table(CLIENT)} t where t.id = v.a) and exists (select 1 from ${table('api::event.event')} t where t.id = v.b) ` +
          `and not exists (select 1 from ${lnk.name} l where l.${c} = v.a and l.${e} = v.b)`,
        entered.flat(),
      );
    }
    // The hourly rollup the dashboards read (decision 053) is not computed here: the views are
    // marked pending, in the same transaction, and a drain rolls them up (decision 075).
    await markPending((sql, bindings) => raw(sql, bindings) as unknown as Promise<unknown>, [...idOf.values()]);
  });
  scheduleRollup(strapi);
  const known = enteredPairs(strapi);
  if (known.size > MAX_KNOWN_ENTERED) known.clear();
  for (const view of views) if (view.clientId !== null && view.eventId !== null) known.add(`${view.clientId}:${view.eventId}`);
};

/** Client–event pairs this process wrote as entered (a view of the pair no longer needs a flush to be seen). */
const enteredByApp = new WeakMap<Core.Strapi, Set<string>>();
const MAX_KNOWN_ENTERED = 200_000;
const enteredPairs = (strapi: Core.Strapi): Set<string> => {
  let pairs = enteredByApp.get(strapi);
  if (!pairs) {
    pairs = new Set();
    enteredByApp.set(strapi, pairs);
  }
  return pairs;
};

const buffers = new WeakMap<Core.Strapi, BatchBuffer<PendingView>>();

/** The process's page-view buffer (one per app). */
export const pageViewBuffer = (strapi: Core.Strapi): BatchBuffer<PendingView> => {
  let buffer = buffers.get(strapi);
  if (!buffer) {
    const { batchSize, flushMs, maxPending } = settings().pageViews;
    buffer = new BatchBuffer<PendingView>({
      write: (views) => writePageViews(strapi, views),
      batchSize,
      flushMs,
      maxPending,
      onError: (error, count) =>
        strapi.log.error(
          `page views: a batch of ${count} failed; kept for a retry in ${flushMs} ms: ${(error as Error)?.message ?? error}`,
        ),
    });
    buffers.set(strapi, buffer);
  }
  return buffer;
};

/**
 * Writes the page views still waiting. Readers that must see a client's views or entered
 * events (LGPD export and erasure, 'Meus eventos', the network room, an event's removal) call
 * it first. Never throws: a failed batch is logged and stays queued.
 */
export const flushPageViews = async (strapi: Core.Strapi): Promise<void> => {
  await buffers.get(strapi)?.flush();
};

/**
 * Writes the waiting views only if one makes a client enter `eventId` for the first time (as far
 * as this process wrote): the network room's list of who entered the event is then complete,
 * without a batch per request while thousands walk the venue (issue 16 §2). Never fails: a failed batch stays queued.
 */
export const flushEnteredViews = async (strapi: Core.Strapi, eventId: number): Promise<void> => {
  const known = enteredPairs(strapi);
  await buffers
    .get(strapi)
    ?.flushWhen((view) => view.eventId === eventId && view.clientId !== null && !known.has(`${view.clientId}:${eventId}`));
};

/** On shutdown (Strapi's destroy): the last views are written before the database closes. */
export const closePageViews = async (strapi: Core.Strapi): Promise<void> => {
  const buffer = buffers.get(strapi);
  buffers.delete(strapi);
  await buffer?.close();
};
