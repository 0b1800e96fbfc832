import { WATCH_HEARTBEAT_SECONDS } from '@plataforma/adapter';

/**
 * The credit rule of lecture watching (decision 047), on the server so a client cannot inflate
 * it: a heartbeat credits the time since the client's previous heartbeat of the lecture, at
 * most 30 s. The first heartbeat of a lecture credits the full 30 s: the venue sends it after 30 s
 * of playing in a visible tab, as every later one. So heartbeats sent more often than every 30 s
 * credit only the time that passed, and one after a pause, a hidden tab or a gap credits 30 s
 * (the 30 s of playing since the player resumed), never the gap.
 */
export const HEARTBEAT_CREDIT_SECONDS = WATCH_HEARTBEAT_SECONDS;

/** Seconds a heartbeat at `at` credits after the previous one at `previous` (null: the first). */
export const creditSeconds = (previous: Date | null, at: Date): number => {
  if (previous === null) return HEARTBEAT_CREDIT_SECONDS;
  const elapsed = Math.round((at.getTime() - previous.getTime()) / 1000);
  return Math.min(HEARTBEAT_CREDIT_SECONDS, Math.max(0, elapsed));
};

/** Whole seconds from `since` to `at`, never below 0 (a clock behind the session's credits nothing). */
const secondsSince = (since: Date, at: Date): number => Math.max(0, Math.round((at.getTime() - since.getTime()) / 1000));

export interface WatchChange {
  /** Seconds to add to the watch session. */
  seconds: number;
  heartbeats: number;
  first: Date;
  last: Date;
}

/** The client of a watch session's key (`clientId:lectureId`). */
export const clientOfKey = (key: string): string => key.slice(0, key.indexOf(':'));

/**
 * What a batch adds to each watch session: its heartbeats in time order, the first credited
 * against the stored last heartbeat (`previous`, by key), each next against the one before it.
 * One lecture at a time (issue 47, item 3): a heartbeat also credits at most the time since the
 * client's previous heartbeat of any lecture (`previousOfClient`, by client id), so heartbeats to
 * twelve lectures at once credit the wall clock once, never twelve times. Nor before the session
 * (`since`, when it began): its first heartbeat credits the 30 s of playing before it only when
 * the session is that old, so a client that signs in and posts at once gets no lead (decision 102).
 */
export const watchChanges = (
  heartbeats: ReadonlyArray<{ key: string; at: Date; since?: Date }>,
  previous: ReadonlyMap<string, Date | null>,
  previousOfClient: ReadonlyMap<string, Date | null> = new Map(),
): Map<string, WatchChange> => {
  const changes = new Map<string, WatchChange>();
  const lastOfClient = new Map(previousOfClient);
  const sorted = [...heartbeats].sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const { key, at, since } of sorted) {
    const change = changes.get(key);
    const before = change ? change.last : (previous.get(key) ?? null);
    const client = clientOfKey(key);
    const credit = Math.min(
      creditSeconds(before, at),
      creditSeconds(lastOfClient.get(client) ?? null, at),
      since === undefined ? HEARTBEAT_CREDIT_SECONDS : secondsSince(since, at),
    );
    const last = lastOfClient.get(client);
    if (!last || last.getTime() < at.getTime()) lastOfClient.set(client, at);
    if (change) {
      change.seconds += credit;
      change.heartbeats += 1;
      change.last = at;
    } else changes.set(key, { seconds: credit, heartbeats: 1, first: at, last: at });
  }
  return changes;
};
