import type { Core } from '@strapi/strapi';
import type { StandEventKind } from '@plataforma/adapter';
import { documentId } from '../lib/document-id';
import { appBuffer } from './app-buffer';
import { inTransaction, joinOf, linkRows, marks, rowsOf, stampOf, tableOf } from './sql';

/** Something a visitor did at a stand, waiting for its batch (decision 047). */
export interface PendingStandEvent {
  kind: StandEventKind;
  standId: number;
  clientId: number | null;
  mediaId: number | null;
  productId: number | null;
  target: string | null;
  createdAt: Date;
}

export const STAND_EVENT_UID = 'api::stand-event.stand-event';
const STAND_UID = 'api::stand.stand';

/**
 * Writes one batch in one transaction: the stands' events are read (one query; an event of a
 * stand that does not exist, or no longer does, is dropped), one multi-row insert of the rows,
 * one insert per relation (stand, its event, client, media, product) whose target must exist.
 */
export const writeStandEvents = async (strapi: Core.Strapi, items: readonly PendingStandEvent[]): Promise<void> => {
  if (items.length === 0) return;
  const stamp = stampOf(strapi);
  await inTransaction(strapi, async (raw) => {
    const stands = [...new Set(items.map((item) => item.standId))];
    const lnk = joinOf(strapi, STAND_UID, 'event');
    const found = rowsOf<{ id: number; event_id: number | null }>(
      await raw(
        `select s.id, l.${lnk.inverseJoinColumn.name} as event_id from ${tableOf(strapi, STAND_UID)} s ` +
          `left join ${lnk.name} l on l.${lnk.joinColumn.name} = s.id where s.id in (${stands.map(() => '?').join(', ')})`,
        stands,
      ),
    );
    const eventOf = new Map(found.map((row) => [Number(row.id), row.event_id === null ? null : Number(row.event_id)]));
    const kept = items.filter((item) => eventOf.has(item.standId)).map((item) => ({ item, documentId: documentId() }));
    if (kept.length === 0) return;
    const inserted = rowsOf<{ id: number; document_id: string }>(
      await raw(
        `insert into ${tableOf(strapi, STAND_EVENT_UID)} (document_id, kind, target, created_at, updated_at, published_at) ` +
          `values ${marks(kept.length, 6)} returning id, document_id`,
        kept.flatMap(({ item, documentId: key }) => [
          key,
          item.kind,
          item.target,
          stamp(item.createdAt),
          stamp(item.createdAt),
          stamp(item.createdAt),
        ]),
      ),
    );
    const idOf = new Map(inserted.map((row) => [row.document_id, Number(row.id)]));
    const pairs = (pick: (item: PendingStandEvent) => number | null) =>
      kept.flatMap(({ item, documentId: key }) => {
        const other = pick(item);
        const id = idOf.get(key);
        return other === null || id === undefined ? [] : [[id, other] as const];
      });
    await linkRows(
      strapi,
      raw,
      STAND_EVENT_UID,
      'stand',
      STAND_UID,
      pairs((item) => item.standId),
    );
    await linkRows(
      strapi,
      raw,
      STAND_EVENT_UID,
      'event',
      'api::event.event',
      pairs((item) => eventOf.get(item.standId) ?? null),
    );
    await linkRows(
      strapi,
      raw,
      STAND_EVENT_UID,
      'client',
      'api::client.client',
      pairs((item) => item.clientId),
    );
    await linkRows(
      strapi,
      raw,
      STAND_EVENT_UID,
      'media',
      'api::media.media',
      pairs((item) => item.mediaId),
    );
    await linkRows(
      strapi,
      raw,
      STAND_EVENT_UID,
      'product',
      'api::product.product',
      pairs((item) => item.productId),
    );
  });
};

const standEvents = appBuffer<PendingStandEvent>('stand events', writeStandEvents);

/** The process's stand-event buffer (one per app). */
export const standEventBuffer = standEvents.of;
/** Writes the stand events still waiting (the LGPD export and erasure, an event's removal call it first). */
export const flushStandEvents = standEvents.flush;
/** On shutdown (Strapi's destroy). */
export const closeStandEvents = standEvents.close;

/**
 * Records an event the server itself saw (a contact sent, a chat started): it cannot be faked by
 * a browser. Never throws: analytics never fails the action it describes (a full buffer drops it
 * with a log line).
 */
export const recordStandEvent = (strapi: Core.Strapi, event: { kind: StandEventKind; standId: number; clientId: number | null }): void => {
  const accepted = standEventBuffer(strapi).add({ ...event, mediaId: null, productId: null, target: null, createdAt: new Date() });
  if (!accepted) strapi.log.warn(`stand events: the buffer is full; a ${event.kind} of stand ${event.standId} was not recorded`);
};
