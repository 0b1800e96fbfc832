import type { Core } from '@strapi/strapi';
import { settings } from '../lib/settings';
import { PENDING_TABLE, ROLLUP_LOCK_KEY, rollUpViews } from './page-view-hours';
import { chunksOf, inTransaction, marks, rowsOf, type Raw } from './sql';

/**
 * The hourly rollup off the visitors' path (decision 075). Since 27d345c the page-view batch
 * recomputed its clients' rollup rows in its own transaction, and the network room's search,
 * which writes the buffer first, waited for it. Now the batch only adds its view ids to
 * `page_view_rollup_pending`; a drain rolls them up (`rollUpViews`, the same computation), at
 * most DRAIN_AT_ONCE per transaction:
 *
 * - PAGE_VIEWS_ROLLUP_MS after a batch wrote (one timer per process, not pushed back by the
 *   batches that follow, so a steady stream is drained every so often, not never);
 * - synchronously before a read that must be exact (the event dashboard, 'Geral', the exhibitor
 *   report) and before a client's erasure or removal (their rows then become anonymous whole);
 * - at start (what a stopped instance left) and at shutdown.
 *
 * Every drain takes all pending views, whoever wrote them. In one process drains run one after
 * the other; on PostgreSQL `pg_advisory_xact_lock` serialises them across instances, and the ids
 * are claimed by a `DELETE … RETURNING` in the drain's transaction, so a view is never rolled up
 * twice (anonymous views are added, a second pass would count them again).
 */
export { PENDING_TABLE };
export const DRAIN_AT_ONCE = 2_000;
const INSERT_CHUNK = 500;

interface Drainer {
  timer: NodeJS.Timeout | null;
  /** The drains of this process, one after the other. */
  queue: Promise<unknown>;
  closed: boolean;
}

const drainers = new WeakMap<Core.Strapi, Drainer>();

const drainerOf = (strapi: Core.Strapi): Drainer => {
  let drainer = drainers.get(strapi);
  if (!drainer) {
    drainer = { timer: null, queue: Promise.resolve(), closed: false };
    drainers.set(strapi, drainer);
  }
  return drainer;
};

/** Adds views just written to the pending table, in the caller's (the batch's) transaction. */
export const markPending = async (raw: Raw, ids: readonly number[]): Promise<void> => {
  for (const part of chunksOf(ids, INSERT_CHUNK))
    await raw(`insert into ${PENDING_TABLE} (view_id) values ${marks(part.length, 1)} on conflict (view_id) do nothing`, [...part]);
};

/** One transaction: up to DRAIN_AT_ONCE pending views claimed and rolled up. Answers how many. */
const drainStep = async (strapi: Core.Strapi): Promise<number> => {
  let count = 0;
  await inTransaction(strapi, async (raw) => {
    if (strapi.db.dialect.client === 'postgres') await raw('select pg_advisory_xact_lock(?)', [ROLLUP_LOCK_KEY]);
    const ids = rowsOf<{ view_id: unknown }>(
      await raw(
        `delete from ${PENDING_TABLE} where view_id in (select view_id from ${PENDING_TABLE} order by view_id limit ${DRAIN_AT_ONCE}) returning view_id`,
        [],
      ),
    )
      .map((row) => Number(row.view_id))
      .sort((a, b) => a - b);
    // Views deleted since (an event's removal) are simply not found by the rollup.
    await rollUpViews(strapi, raw, ids);
    count = ids.length;
  });
  return count;
};

/**
 * Whether anything waits, read without a transaction: the drains before a dashboard's read find
 * nothing pending most of the time, and a write transaction per read (on SQLite the one
 * connection's, behind the page-view and heartbeat batches) cost the event dashboard's p95 a
 * quarter (bench:guard, decision 075). A view marked after this look is the next drain's, as one
 * marked during a drain is.
 */
const anyPending = async (strapi: Core.Strapi): Promise<boolean> =>
  rowsOf(await strapi.db.connection.raw(`select view_id from ${PENDING_TABLE} limit 1`)).length > 0;

const drainAll = async (strapi: Core.Strapi): Promise<number> => {
  if (!strapi.db.inTransaction() && !(await anyPending(strapi))) return 0;
  let total = 0;
  for (;;) {
    const count = await drainStep(strapi);
    total += count;
    if (count < DRAIN_AT_ONCE) return total;
  }
};

/**
 * Rolls up every pending view now; answers how many. Inside a transaction (a client's removal
 * runs in the deletion's), the drain is that transaction's and does not wait for this process's
 * other drains (on SQLite they wait for its one connection: waiting for them would never end).
 */
export const drainPageViewRollup = async (strapi: Core.Strapi): Promise<number> => {
  if (strapi.db.inTransaction()) return drainAll(strapi);
  const drainer = drainerOf(strapi);
  const mine = drainer.queue.then(
    () => drainAll(strapi),
    () => drainAll(strapi),
  );
  drainer.queue = mine.catch(() => undefined);
  return mine;
};

/** After a batch wrote: a drain within PAGE_VIEWS_ROLLUP_MS, unless one is already due. */
export const scheduleRollup = (strapi: Core.Strapi): void => {
  const drainer = drainerOf(strapi);
  if (drainer.timer || drainer.closed) return;
  drainer.timer = setTimeout(() => {
    drainer.timer = null;
    drainPageViewRollup(strapi).catch((error: unknown) => {
      strapi.log.error(`[dashboards] page-view rollup: the drain failed, tried again later: ${(error as Error)?.message ?? error}`);
      scheduleRollup(strapi);
    });
  }, settings().pageViews.rollupMs);
  drainer.timer.unref();
};

/** At start: what a stopped instance left pending is rolled up; the timer may run again (a restart in one process). */
export const openPageViewRollup = async (strapi: Core.Strapi): Promise<number> => {
  drainerOf(strapi).closed = false;
  return drainPageViewRollup(strapi);
};

/**
 * At shutdown, after the page-view buffer was written: no timer any more, the last pending views
 * rolled up. A start that never opened the rollup (refused before the database, decision 077)
 * touches nothing: draining would open, even create, the database.
 */
export const closePageViewRollup = async (strapi: Core.Strapi): Promise<void> => {
  const drainer = drainers.get(strapi);
  if (!drainer) return;
  drainer.closed = true;
  if (drainer.timer) clearTimeout(drainer.timer);
  drainer.timer = null;
  try {
    await drainPageViewRollup(strapi);
  } catch (error) {
    // Kept pending: the next start (of any instance) rolls them up.
    strapi.log.error(`[dashboards] page-view rollup at shutdown: ${(error as Error)?.message ?? error}; rolled up at the next start`);
  }
};
