import type { Core } from '@strapi/strapi';
import { DEFAULT_TIME_ZONE, lectureSpan } from '@plataforma/adapter';
import { lectureIsLocked, type PricedRef } from '../commerce/locked';
import { ownedOf, UID } from '../commerce/orders';
import { tablesWritten, WatchedWrites } from '../http/watched-writes';

/**
 * Which heartbeats are credited (issue 47, item 3; decision 102): a lecture on now (its scheduled
 * span, LIVE_MARGIN_MS either side) or a recording the client holds (a paid order of the lecture
 * or of the whole event, or a grant); a lecture that is sold (a price, or a ticket-only paid event)
 * only when held; and only from a full session (a soft one proves an e-mail anyone could type).
 */

/** How early a heartbeat of a lecture about to start, or late one of a lecture running over, is still "live". */
export const LIVE_MARGIN_MS = 15 * 60_000;

/** Why a heartbeat is not credited: its answer's key (403 for the first two, 409 for the last). */
export type WatchRefusal = 'watch.error.fullAccountRequired' | 'watch.error.noAccess' | 'watch.error.notLive';

/** What a heartbeat needs of its lecture, read once and kept. */
export interface WatchedLecture {
  eventId: number;
  /** Its scheduled span in the event's zone (ms since the epoch). */
  start: number;
  end: number;
  /** Sold: watched only when held. */
  locked: boolean;
}

export const isLive = (lecture: Pick<WatchedLecture, 'start' | 'end'>, now: number): boolean =>
  lecture.start - LIVE_MARGIN_MS <= now && now < lecture.end + LIVE_MARGIN_MS;

/** Whether the client must hold the lecture for the heartbeat to count: it is sold, or not on now. */
export const needsHolding = (lecture: WatchedLecture, now: number): boolean => lecture.locked || !isLive(lecture, now);

/**
 * The refusal of a heartbeat, or null when it is credited. `held` is asked only when it matters
 * (a sold lecture, or one not on now), so a free live lecture costs no look-up.
 */
export const watchRefusal = async (
  lecture: WatchedLecture,
  soft: boolean,
  now: number,
  held: () => Promise<boolean>,
): Promise<WatchRefusal | null> => {
  if (soft) return 'watch.error.fullAccountRequired';
  if (!needsHolding(lecture, now)) return null;
  if (await held()) return null;
  return lecture.locked ? 'watch.error.noAccess' : 'watch.error.notLive';
};

/** How long a lecture's span and price, and a client's orders of an event, are kept at most. */
export const WATCH_ACCESS_KEPT_MS = 5 * 60_000;
const MAX_LECTURES = 10_000;
const MAX_OWNED = 100_000;

/** The tables what is kept is read from: the lectures, rooms and events, the orders and their items (and their links). */
const WATCHED_TABLES = /^(lectures|rooms|events|orders|order_items)(_\w+_lnk)?$/;

interface Kept<T> {
  value: T;
  until: number;
}
interface Owned {
  event: boolean;
  lectureIds: ReadonlySet<number>;
}

type LectureRow = {
  id: number;
  startDate: string | null;
  startTime: string | null;
  endTime: string | null;
  room?: { event?: ({ id: number; timezone?: string | null } & PricedRef) | null } | null;
} & PricedRef;

/** A lecture's span; one without a date or times (a row written around the product's rules) is never on. */
export const spanOf = (
  row: Pick<LectureRow, 'startDate' | 'startTime' | 'endTime'>,
  timeZone: string | null | undefined,
): { start: number; end: number } => {
  if (!row.startDate || !row.startTime || !row.endTime) return { start: Number.NaN, end: Number.NaN };
  return lectureSpan(
    { startDate: String(row.startDate).slice(0, 10), startTime: row.startTime, endTime: row.endTime },
    timeZone || DEFAULT_TIME_ZONE,
  );
};

/**
 * The lectures and the clients' orders the heartbeats were checked against, kept in memory so a
 * heartbeat costs no query (decisions 061, 102): a write this process makes to the lectures, rooms,
 * events, orders or order items (a purchase, a refund, a lecture moved) empties it — in a
 * transaction, again after its commit (WatchedWrites) —, and with Redis another instance's too;
 * otherwise what is kept is read again after WATCH_ACCESS_KEPT_MS.
 */
export class WatchAccess extends WatchedWrites {
  private readonly lectures = new Map<number, Kept<WatchedLecture | null>>();
  private readonly owned = new Map<string, Kept<Owned>>();

  constructor(
    private readonly strapi: Core.Strapi,
    private readonly now: () => number = () => Date.now(),
  ) {
    super();
  }

  protected concerns(sql: string): boolean {
    const tables = tablesWritten(sql);
    // A statement whose tables cannot be told (DDL, another shape) counts as a write.
    return tables === null || tables.some((table) => WATCHED_TABLES.test(table));
  }

  protected emptied(): void {
    this.lectures.clear();
    this.owned.clear();
  }

  private keep<K, T>(map: Map<K, Kept<T>>, max: number, key: K, value: T, generation: number): void {
    if (generation !== this.generation) return;
    if (map.size >= max) map.clear();
    map.set(key, { value, until: this.now() + WATCH_ACCESS_KEPT_MS });
  }

  /** A lecture of a published event (null: none, or its event is not published). */
  async lecture(lectureId: number): Promise<WatchedLecture | null> {
    const hit = this.lectures.get(lectureId);
    if (hit && hit.until > this.now()) return hit.value;
    const generation = this.generation;
    const row = (await this.strapi.db.query(UID.lecture).findOne({
      where: { id: lectureId, room: { event: { published: true } } },
      select: ['id', 'startDate', 'startTime', 'endTime', 'value', 'discount'],
      populate: { room: { select: ['id'], populate: { event: { select: ['id', 'value', 'discount', 'ticketOnly', 'timezone'] } } } },
    })) as LectureRow | null;
    const event = row?.room?.event;
    const value = row && event ? { eventId: event.id, ...spanOf(row, event.timezone), locked: lectureIsLocked(row, event) } : null;
    this.keep(this.lectures, MAX_LECTURES, lectureId, value, generation);
    return value;
  }

  /** Whether a full client holds a lecture: a paid order of it or of its whole event, or a grant. */
  async holds(clientId: number, lecture: WatchedLecture, lectureId: number): Promise<boolean> {
    const key = `${clientId}:${lecture.eventId}`;
    const hit = this.owned.get(key);
    let owned = hit && hit.until > this.now() ? hit.value : null;
    if (!owned) {
      const generation = this.generation;
      const found = await ownedOf(this.strapi, clientId, lecture.eventId);
      owned = { event: found.event, lectureIds: new Set(found.lectureIds) };
      this.keep(this.owned, MAX_OWNED, key, owned, generation);
    }
    return owned.event || owned.lectureIds.has(lectureId);
  }
}

const kept = new WeakMap<Core.Strapi, WatchAccess>();

/** The process's one (per app: the API tests boot several). */
export const watchAccessOf = (strapi: Core.Strapi): WatchAccess => {
  let access = kept.get(strapi);
  if (!access) {
    access = new WatchAccess(strapi);
    kept.set(strapi, access);
  }
  return access;
};
