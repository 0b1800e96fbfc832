import type { Core } from '@strapi/strapi';
import { documentId } from '../lib/document-id';
import { appBuffer } from './app-buffer';
import { columnOf, inTransaction, joinOf, linkRows, marks, rowsOf, stampOf, tableOf } from './sql';
import { watchChanges } from './watch-credit';

/** A heartbeat accepted by POST /api/site/v1/watch/heartbeat, waiting for its batch (decision 047). */
export interface PendingHeartbeat {
  clientId: number;
  lectureId: number;
  eventId: number | null;
  /** When the server accepted it: the credit is computed from these times, never the browser's. */
  at: Date;
  /** When the client's session began: nothing is credited before it (decision 102). */
  since?: Date;
}

export const WATCH_SESSION_UID = 'api::watch-session.watch-session';

/** Who watched a lecture in each minute (database/sql; decision 048): (lecture_id, minute, session_id). */
export const WATCH_MINUTES_TABLE = 'watch_minutes';

/** One watch session per client and lecture (a unique index, database/sql). */
export const watchKey = (clientId: number, lectureId: number): string => `${clientId}:${lectureId}`;

/**
 * Writes one batch in one transaction: the stored last heartbeat of each session the batch
 * touches is read, the credit computed (`watchChanges`), then one multi-row upsert adds the
 * seconds and heartbeats (`on conflict (key)`: another instance's row of the same pair is added
 * to, not duplicated) and the new rows get their links (client, lecture, event). A heartbeat of a
 * lecture deleted since it was accepted is dropped.
 */
export const writeHeartbeats = async (strapi: Core.Strapi, items: readonly PendingHeartbeat[]): Promise<void> => {
  if (items.length === 0) return;
  const table = tableOf(strapi, WATCH_SESSION_UID);
  const col = (attribute: string) => columnOf(strapi, WATCH_SESSION_UID, attribute);
  const stamp = stampOf(strapi);
  await inTransaction(strapi, async (raw) => {
    const lectures = [...new Set(items.map((item) => item.lectureId))];
    const existing = new Set(
      rowsOf<{ id: number }>(
        await raw(
          `select id from ${tableOf(strapi, 'api::lecture.lecture')} where id in (${lectures.map(() => '?').join(', ')})`,
          lectures,
        ),
      ).map((row) => Number(row.id)),
    );
    const kept = items.filter((item) => existing.has(item.lectureId));
    if (kept.length === 0) return;
    const byKey = new Map(kept.map((item) => [watchKey(item.clientId, item.lectureId), item]));
    const keys = [...byKey.keys()];
    const stored = rowsOf<{ key: string; last: string | number | Date | null }>(
      await raw(`select key, ${col('lastHeartbeatAt')} as last from ${table} where key in (${keys.map(() => '?').join(', ')})`, keys),
    );
    const previous = new Map(stored.map((row) => [row.key, row.last === null ? null : new Date(row.last)]));
    // One lecture at a time (issue 47, item 3): each client's last heartbeat of any lecture.
    const link = joinOf(strapi, WATCH_SESSION_UID, 'client');
    const clients = [...new Set(kept.map((item) => item.clientId))];
    const lastOfClients = rowsOf<{ client: number | string; last: string | number | Date | null }>(
      await raw(
        `select l.${link.inverseJoinColumn.name} as client, max(s.${col('lastHeartbeatAt')}) as last from ${table} s ` +
          `join ${link.name} l on l.${link.joinColumn.name} = s.id ` +
          `where l.${link.inverseJoinColumn.name} in (${clients.map(() => '?').join(', ')}) group by l.${link.inverseJoinColumn.name}`,
        clients,
      ),
    );
    const previousOfClient = new Map(
      lastOfClients.map((row) => [String(row.client), row.last === null ? null : new Date(row.last)] as const),
    );
    const changes = watchChanges(
      kept.map((item) => ({ key: watchKey(item.clientId, item.lectureId), at: item.at, since: item.since })),
      previous,
      previousOfClient,
    );
    const rows = [...changes];
    const columns = [
      'document_id',
      'key',
      col('seconds'),
      col('heartbeats'),
      col('firstHeartbeatAt'),
      col('lastHeartbeatAt'),
      'created_at',
      'updated_at',
      'published_at',
    ];
    const [seconds, beats, last] = [col('seconds'), col('heartbeats'), col('lastHeartbeatAt')];
    const upserted = rowsOf<{ id: number; key: string }>(
      await raw(
        `insert into ${table} (${columns.join(', ')}) values ${marks(rows.length, columns.length)} ` +
          `on conflict (key) do update set ${seconds} = ${table}.${seconds} + excluded.${seconds}, ` +
          `${beats} = ${table}.${beats} + excluded.${beats}, ${last} = excluded.${last}, updated_at = excluded.updated_at ` +
          `returning id, key`,
        rows.flatMap(([key, change]) => [
          documentId(),
          key,
          change.seconds,
          change.heartbeats,
          stamp(change.first),
          stamp(change.last),
          stamp(change.first),
          stamp(change.last),
          stamp(change.first),
        ]),
      ),
    );
    // The minutes watched (decision 048): one row per session and minute of a heartbeat, kept once.
    const idOfKey = new Map(upserted.map((row) => [row.key, Number(row.id)]));
    const minutes = [
      ...new Map(
        kept.flatMap((item) => {
          const id = idOfKey.get(watchKey(item.clientId, item.lectureId));
          const minute = Math.floor(item.at.getTime() / 60_000);
          return id === undefined ? [] : [[`${id}:${minute}`, [item.lectureId, minute, id] as const] as const];
        }),
      ).values(),
    ];
    if (minutes.length)
      await raw(
        `insert into ${WATCH_MINUTES_TABLE} (lecture_id, minute, session_id) values ${marks(minutes.length, 3)} on conflict do nothing`,
        minutes.flat(),
      );
    // Links of the sessions this batch created (a link already there is kept once).
    const fresh = upserted.filter((row) => !previous.has(row.key)).map((row) => ({ id: Number(row.id), item: byKey.get(row.key) }));
    const pairs = (pick: (item: PendingHeartbeat) => number | null) =>
      fresh.flatMap(({ id, item }) => {
        const other = item ? pick(item) : null;
        return other === null ? [] : [[id, other] as const];
      });
    await linkRows(
      strapi,
      raw,
      WATCH_SESSION_UID,
      'client',
      'api::client.client',
      pairs((item) => item.clientId),
    );
    await linkRows(
      strapi,
      raw,
      WATCH_SESSION_UID,
      'lecture',
      'api::lecture.lecture',
      pairs((item) => item.lectureId),
    );
    await linkRows(
      strapi,
      raw,
      WATCH_SESSION_UID,
      'event',
      'api::event.event',
      pairs((item) => item.eventId),
    );
  });
};

const heartbeats = appBuffer<PendingHeartbeat>('watch heartbeats', writeHeartbeats);

/** The process's heartbeat buffer (one per app). */
export const heartbeatBuffer = heartbeats.of;
/** Writes the heartbeats still waiting (the LGPD export and erasure, an event's removal call it first). */
export const flushHeartbeats = heartbeats.flush;
/** On shutdown (Strapi's destroy). */
export const closeHeartbeats = heartbeats.close;
