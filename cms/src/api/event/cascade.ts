import type { Core } from '@strapi/strapi';
import { ApiError, type EventDependents } from '@plataforma/adapter';
import { removeUploads } from '../../storage';
import { deleteFromRollup } from '../../analytics/page-view-hours';
import { chunksOf } from '../../analytics/sql';

/**
 * What belongs to an event, and deleting it whole (SPEC §4: nothing orphaned, nothing
 * half-deleted). Strapi 5 keeps every relation in a link table whose foreign keys cascade,
 * so deleting a row drops its links; media fields live in the upload plugin's polymorphic
 * link table, which has no foreign key to the row: those links are deleted here, and the
 * files they named are removed from the store after the commit when nothing links them any more.
 */

export const UID = {
  event: 'api::event.event',
  room: 'api::room.room',
  lecture: 'api::lecture.lecture',
  stand: 'api::stand.stand',
  attendant: 'api::stand-attendant.stand-attendant',
  media: 'api::media.media',
  product: 'api::product.product',
  chat: 'api::chat.chat',
  chatMessage: 'api::chat-message.chat-message',
  contact: 'api::contact.contact',
  pageView: 'api::page-view.page-view',
  watchSession: 'api::watch-session.watch-session',
  standEvent: 'api::stand-event.stand-event',
  certificate: 'api::certificate.certificate',
  sponsor: 'api::sponsor.sponsor',
  speaker: 'api::speaker.speaker',
  coupon: 'api::coupon.coupon',
  order: 'api::order.order',
  orderItem: 'api::order-item.order-item',
} as const;

const FILE_UID = 'plugin::upload.file';
/** Ids per statement: far below SQLite's and PostgreSQL's limits on bound parameters. */
const CHUNK = 500;

const chunks = <T>(list: readonly T[]): T[][] => chunksOf(list, CHUNK);

/** Ids of the rows of `uid` whose relation `relation` names one of `parentIds`. */
export const idsUnder = async (strapi: Core.Strapi, uid: string, relation: string, parentIds: readonly number[]): Promise<number[]> => {
  const ids: number[] = [];
  for (const part of chunks(parentIds)) {
    const rows = (await strapi.db.query(uid).findMany({ where: { [relation]: { id: { $in: part } } }, select: ['id'] })) as Array<{
      id: number;
    }>;
    ids.push(...rows.map((row) => row.id));
  }
  return [...new Set(ids)];
};

/** Deletes rows by id (in chunks). */
export const deleteIds = async (strapi: Core.Strapi, uid: string, ids: readonly number[]): Promise<number> => {
  let count = 0;
  for (const part of chunks(ids)) count += (await strapi.db.query(uid).deleteMany({ where: { id: { $in: part } } })).count;
  return count;
};

/**
 * Orders are payment records: an event, lecture or coupon that one names is never deleted
 * from under it (409 `api.error.hasOrders`), whatever state the order is in.
 */
export const refuseWhenOrdered = async (
  strapi: Core.Strapi,
  { events = [], lectures = [], coupons = [] }: { events?: readonly number[]; lectures?: readonly number[]; coupons?: readonly number[] },
): Promise<void> => {
  const checks: Array<[string, string, readonly number[]]> = [
    [UID.order, 'event', events],
    [UID.order, 'coupon', coupons],
    [UID.orderItem, 'event', events],
    [UID.orderItem, 'lecture', lectures],
  ];
  for (const [uid, relation, ids] of checks) {
    for (const part of chunks(ids)) {
      if ((await strapi.db.query(uid).count({ where: { [relation]: { id: { $in: part } } } })) > 0)
        throw new ApiError(409, 'api.error.hasOrders');
    }
  }
};

interface MorphTable {
  table: string;
  fileColumn: string;
  idColumn: string;
  typeColumn: string;
}

/** The upload plugin's link table of files to rows (`files_related_mph`), read from Strapi's metadata. */
const morphTable = (strapi: Core.Strapi): MorphTable => {
  const related = strapi.db.metadata.get(FILE_UID).attributes.related as unknown as {
    joinTable?: { name: string; joinColumn: { name: string }; morphColumn: { idColumn: { name: string }; typeColumn: { name: string } } };
  };
  const join = related.joinTable;
  if (!join) throw new Error('the upload plugin has no link table of files to rows');
  return {
    table: join.name,
    fileColumn: join.joinColumn.name,
    idColumn: join.morphColumn.idColumn.name,
    typeColumn: join.morphColumn.typeColumn.name,
  };
};

/**
 * Runs raw knex work in the current transaction (a nested `strapi.db.transaction` hands back
 * the one of the async context, or opens one when there is none).
 */
const withTrx = async <T>(
  strapi: Core.Strapi,
  work: (table: () => ReturnType<Core.Strapi['db']['getConnection']>) => Promise<T>,
): Promise<T> =>
  await strapi.db.transaction(async ({ trx }) => work(() => strapi.db.getConnection(morphTable(strapi).table).transacting(trx)));

/** The ids of the files linked to these rows of `uid` (any of its media fields). */
export const filesOf = async (strapi: Core.Strapi, uid: string, ids: readonly number[]): Promise<number[]> => {
  const { fileColumn, idColumn, typeColumn } = morphTable(strapi);
  const files: number[] = [];
  await withTrx(strapi, async (table) => {
    for (const part of chunks(ids)) {
      const rows = (await table().distinct(fileColumn).where(typeColumn, uid).whereIn(idColumn, part)) as Array<Record<string, unknown>>;
      files.push(...rows.map((row) => Number(row[fileColumn])));
    }
  });
  return [...new Set(files)];
};

/** Deletes the file links of these rows of `uid` (the files themselves stay until `unlinkedFiles` says they are free). */
export const unlinkFiles = async (strapi: Core.Strapi, uid: string, ids: readonly number[]): Promise<void> => {
  const { idColumn, typeColumn } = morphTable(strapi);
  await withTrx(strapi, async (table) => {
    for (const part of chunks(ids)) await table().where(typeColumn, uid).whereIn(idColumn, part).delete();
  });
};

/** Of these files, those no row links any more (a file may be shared, e.g. one video in several stands). */
export const unlinkedFiles = async (strapi: Core.Strapi, fileIds: readonly number[]): Promise<number[]> => {
  const { fileColumn } = morphTable(strapi);
  const linked = new Set<number>();
  await withTrx(strapi, async (table) => {
    for (const part of chunks(fileIds)) {
      const rows = (await table().distinct(fileColumn).whereIn(fileColumn, part)) as Array<Record<string, unknown>>;
      for (const row of rows) linked.add(Number(row[fileColumn]));
    }
  });
  return fileIds.filter((id) => !linked.has(id));
};

/**
 * Removes from the store (and the Media Library) those of these files that no row links any
 * more: call it after the write that unlinked them was committed. A failure is logged by
 * `removeUploads`, never thrown: the write stands, the file stays in the Media Library.
 */
export const removeFreedFiles = async (strapi: Core.Strapi, fileIds: readonly number[]): Promise<void> => {
  if (fileIds.length === 0) return;
  await removeUploads(strapi, await unlinkedFiles(strapi, fileIds));
};

/**
 * Deletes rows of `uid` and their file links in one transaction, then removes the files
 * nothing links any more; answers the ids that existed (and were deleted).
 */
export const deleteWithFiles = async (strapi: Core.Strapi, uid: string, ids: readonly number[]): Promise<number[]> => {
  const { found, files } = await strapi.db.transaction(async () => {
    const rows = (await strapi.db.query(uid).findMany({ where: { id: { $in: [...ids] } }, select: ['id'] })) as Array<{ id: number }>;
    const existing = rows.map((row) => row.id);
    if (existing.length === 0) return { found: existing, files: [] };
    const linked = await filesOf(strapi, uid, existing);
    await unlinkFiles(strapi, uid, existing);
    await deleteIds(strapi, uid, existing);
    return { found: existing, files: linked };
  });
  await removeFreedFiles(strapi, files);
  return found;
};

/** The rows of every content type that go with the events, by uid. */
export type EventTree = Record<keyof typeof UID, number[]>;

/** Reads what belongs to these events: rooms and their lectures, stands and all of theirs, sponsors, speakers, coupons, page views. */
export const eventTree = async (strapi: Core.Strapi, events: readonly number[]): Promise<EventTree> => {
  const rooms = await idsUnder(strapi, UID.room, 'event', events);
  const stands = await idsUnder(strapi, UID.stand, 'event', events);
  const chats = await idsUnder(strapi, UID.chat, 'stand', stands);
  const lectures = await idsUnder(strapi, UID.lecture, 'room', rooms);
  const pageViews = [
    ...(await idsUnder(strapi, UID.pageView, 'event', events)),
    ...(await idsUnder(strapi, UID.pageView, 'stand', stands)),
  ];
  return {
    event: [...events],
    room: rooms,
    lecture: lectures,
    stand: stands,
    attendant: await idsUnder(strapi, UID.attendant, 'stand', stands),
    media: await idsUnder(strapi, UID.media, 'stand', stands),
    product: await idsUnder(strapi, UID.product, 'stand', stands),
    chat: chats,
    chatMessage: await idsUnder(strapi, UID.chatMessage, 'chat', chats),
    contact: await idsUnder(strapi, UID.contact, 'stand', stands),
    pageView: [...new Set(pageViews)],
    // Heartbeats and stand events (decision 047): by the event, and by the lecture or stand.
    watchSession: [
      ...new Set([
        ...(await idsUnder(strapi, UID.watchSession, 'event', events)),
        ...(await idsUnder(strapi, UID.watchSession, 'lecture', lectures)),
      ]),
    ],
    standEvent: [
      ...new Set([
        ...(await idsUnder(strapi, UID.standEvent, 'event', events)),
        ...(await idsUnder(strapi, UID.standEvent, 'stand', stands)),
      ]),
    ],
    // Attendance certificates of the event (decision 050): their codes verify no more.
    certificate: await idsUnder(strapi, UID.certificate, 'event', events),
    sponsor: await idsUnder(strapi, UID.sponsor, 'event', events),
    speaker: await idsUnder(strapi, UID.speaker, 'event', events),
    coupon: await idsUnder(strapi, UID.coupon, 'event', events),
    // Never deleted with an event: `refuseWhenOrdered` stops the delete first.
    order: [],
    orderItem: [],
  };
};

/** Children before parents; the order matters only for a reader of the SQL log (the links cascade). */
const DELETE_ORDER: ReadonlyArray<keyof typeof UID> = [
  'chatMessage',
  'chat',
  'contact',
  'attendant',
  'media',
  'product',
  'pageView',
  'watchSession',
  'standEvent',
  'certificate',
  'stand',
  'lecture',
  'room',
  'sponsor',
  'speaker',
  'coupon',
  'event',
];

/**
 * Deletes a tree read by `eventTree` and the file links of its rows; answers the ids of the
 * files those rows linked. Call it inside one transaction with the read, and pass the answer
 * to `removeFreedFiles` after the commit.
 */
export const deleteTree = async (strapi: Core.Strapi, tree: EventTree): Promise<number[]> => {
  const files: number[] = [];
  for (const key of DELETE_ORDER) {
    const ids = tree[key];
    if (ids.length === 0) continue;
    files.push(...(await filesOf(strapi, UID[key], ids)));
    await unlinkFiles(strapi, UID[key], ids);
    await deleteIds(strapi, UID[key], ids);
  }
  // The dashboards' hourly rollup of the deleted page views (decision 053).
  await deleteFromRollup(strapi, tree.event, tree.stand);
  return [...new Set(files)];
};

/** What deleting an event takes with it, for its confirmation. */
export const eventDependents = async (strapi: Core.Strapi, id: number): Promise<EventDependents> => {
  const count = (uid: string, where: Record<string, unknown>) => strapi.db.query(uid).count({ where });
  const [rooms, lectures, stands, medias, products, sponsors, speakers, coupons] = await Promise.all([
    count(UID.room, { event: { id } }),
    count(UID.lecture, { room: { event: { id } } }),
    count(UID.stand, { event: { id } }),
    count(UID.media, { stand: { event: { id } } }),
    count(UID.product, { stand: { event: { id } } }),
    count(UID.sponsor, { event: { id } }),
    count(UID.speaker, { event: { id } }),
    count(UID.coupon, { event: { id } }),
  ]);
  return { rooms, lectures, stands, medias, products, sponsors, speakers, coupons };
};
