import type { Core } from '@strapi/strapi';
import { recoverImports, stopImports } from './api/client/import/jobs';
import { ptText } from './api/client/import/report';
import { RULED } from './api/ruled-types';
import { closePageViews } from './analytics/page-views';
import { backfillPageViewHours, rollUpViewsNow } from './analytics/page-view-hours';
import { closePageViewRollup, openPageViewRollup } from './analytics/page-view-rollup';
import { closeStandEvents } from './analytics/stand-events';
import { closeHeartbeats } from './analytics/watch';
import { startSweeper } from './commerce/orders';
import { openPayments } from './commerce/providers/registry';
import { closeRateLimits, openRateLimits } from './auth/rate-limit';
import { authRoutes } from './auth/routes';
import { startChat, type ChatServer } from './chat/server';
import { installHeartbeatFront } from './http/heartbeat-front';
import { holdStockPaths } from './documents/ruled-types';
import { appErrorListener } from './http/app-errors';
import { asStrapiRoutes } from './http/router';
import { ensureFirstAdmin } from './lib/first-admin';
import { isDataTransferBoot } from './lib/cli-command';
import { ensureIndexes } from './lib/indexes';
import { ensurePinnedRelations } from './lib/pinned-relations';
import { ensureSearchTables } from './lib/search-tables';
import { finishKeptIds, keepIdsOnImport } from './lib/keep-ids';
import { printWelcome } from './lib/welcome';
import { seedDemo } from './seed';
import { siteCacheOf } from './http/site-cache';
import { syncWrites } from './http/redis-sync';
import { watchStatements } from './http/watched-writes';
import { watchAccessOf } from './analytics/watch-access';
import { sessionMemoOf } from './auth/session-memo';
import { settings } from './lib/settings';
import { smsSender } from './sms/sender';
import securityHeaders from './lib/security-headers';
import { startJobs, stopJobs } from './jobs';
import { emailJobKinds } from './email/messages';
import { scheduleStandWaiting, standWaitingJobKinds } from './email/stand-waiting';
import { installEmailOutput } from './email/transport';
import { tuneHeap } from './lib/heap';
import { claimUploadsFolder, databaseIdentity, uploadsFolder, type HeldLock } from './storage/uploads-lock';

// Before anything allocates per request or per import row (decision 076).
tuneHeap();

let chat: ChatServer | null = null;
/** Stops the pending orders' expiry sweeper (decision 045). */
let stopSweeper: (() => void) | null = null;
/** The site cache's channel to the other instances (REDIS_URL set). */
let siteCacheSync: { close(): Promise<void> } | null = null;
let sessionMemoSync: { close(): Promise<void> } | null = null;
/** This process's lock on its uploads folder (decision 100). */
let uploadsLock: HeldLock | null = null;
let watchAccessSync: { close(): Promise<void> } | null = null;

export default {
  register({ strapi }: { strapi: Core.Strapi }) {
    // Before anything else: an uploads folder another database's running instance uses stops the
    // start (a restore or a deletion on one would remove the other's files; decision 100).
    uploadsLock?.release();
    uploadsLock = claimUploadsFolder(uploadsFolder(), databaseIdentity());
    // Errors that escape the middlewares go to the log; a client that cancels an upload does not.
    // Koa's own handler, which both Koa and the upload plugin's 'error' listener call.
    strapi.server.app.onerror = appErrorListener(strapi.log);
    // A lecture's heartbeats (by the thousand a second at a congress) answered on the HTTP server
    // before Koa: same-origin, a live client token, small JSON; anything else goes on (decision 064).
    installHeartbeatFront(strapi);
    // strapi::security with its helmet built once, not per request (decision 058).
    strapi.get('middlewares').set('strapi::security', securityHeaders);
    // The Content Manager and the content API (API tokens) write through the document service:
    // the same rules and activity-log lines as the product's routes hold there (decision 023);
    // orders, their items and payments are read only there, coupons held to their rules (decision 051).
    // Every type is ruled, read only or hidden, or the start stops here; the log is append-only (decision 077).
    holdStockPaths(strapi, RULED, ptText);
  },

  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    // Every write this process makes empties the kept public reads it may change (decision 044).
    const cache = siteCacheOf(strapi, () => settings().siteCache);
    watchStatements(strapi.db.connection, cache);
    // And the sessions the heartbeats were checked against, any write that may end one (decision 061).
    const memo = sessionMemoOf(strapi);
    watchStatements(strapi.db.connection, memo);
    // And the lectures and orders a heartbeat's credit is checked against (decision 102).
    const watchAccess = watchAccessOf(strapi);
    watchStatements(strapi.db.connection, watchAccess);
    // With Redis, the other instances' writes empty them too.
    const { redisUrl, redisPrefix } = settings().chat;
    if (redisUrl && cache.enabled)
      siteCacheSync = syncWrites(
        cache,
        { redisUrl, channel: `${redisPrefix}#site-cache`, name: 'site-cache', bound: 'SITE_CACHE_MS' },
        strapi.log,
      );
    if (redisUrl && settings().sessionMemoMs > 0)
      sessionMemoSync = syncWrites(
        memo,
        { redisUrl, channel: `${redisPrefix}#sessions`, name: 'sessions', bound: 'SESSION_MEMO_MS' },
        strapi.log,
      );
    if (redisUrl)
      watchAccessSync = syncWrites(
        watchAccess,
        { redisUrl, channel: `${redisPrefix}#watch-access`, name: 'watch-access', bound: '5 minutes' },
        strapi.log,
      );
    // /auth/* lives at the root, beside the content API (SPEC §7).
    strapi.server.routes(asStrapiRoutes(authRoutes(strapi, smsSender(strapi.log))));
    // Before the server listens: /admin's registration is never open to whoever comes first.
    await ensureFirstAdmin(strapi);
    await ensureIndexes(strapi);
    // The dashboards' hourly page-view rollup (decision 053): an upgraded database is rolled up
    // once; views created through the query engine (not the batch writer) are rolled up as created.
    if (await backfillPageViewHours(strapi)) strapi.log.info('[dashboards] page views rolled up by hour (first start with the rollup)');
    // The views a stopped instance left pending (decision 075); the batches' later ones within PAGE_VIEWS_ROLLUP_MS.
    await openPageViewRollup(strapi);
    strapi.db.lifecycles.subscribe({
      models: ['api::page-view.page-view'],
      afterCreate: async (event) => {
        const id = Number((event.result as { id?: unknown } | undefined)?.id);
        if (Number.isSafeInteger(id)) await rollUpViewsNow(strapi, [id]);
      },
      afterCreateMany: async (event) => {
        const ids = ((event.result as { ids?: unknown[] } | undefined)?.ids ?? []).map(Number).filter(Number.isSafeInteger);
        await rollUpViewsNow(strapi, ids);
      },
    });
    try {
      await ensurePinnedRelations(strapi);
      await ensureSearchTables(strapi);
    } catch (error) {
      // The lists then join the link tables: slower, never wrong.
      strapi.log.error(`[lists] pinned columns or search tables not ready: ${(error as Error).message}`);
    }
    if (isDataTransferBoot()) {
      // `strapi export/import/transfer` loads the app only to move data: no demo seed (an import
      // replaces the rows anyway), no queued clients import, no addresses; an import keeps the
      // archive's ids (decision 024).
      await keepIdsOnImport(strapi);
      return;
    }
    // The payment provider (PAYMENT_PROVIDER): one that cannot work stops the start here.
    openPayments();
    // E-mail (decision 081): SMTP required in production; the log or the outbox otherwise.
    installEmailOutput(strapi);
    // The job system (decision 079), with every domain's kinds, before anything sends a job.
    await startJobs(strapi, [...emailJobKinds(strapi), ...standWaitingJobKinds(strapi)]);
    // A stand's attendants are told of visitors waiting unanswered (decision 110).
    await scheduleStandWaiting(strapi);
    await seedDemo(strapi);
    // Pending orders past their deadline expire and release their coupons (also checked on each read).
    stopSweeper = startSweeper(strapi);
    // Rate limits count in Redis when the product has one (shared by every instance).
    openRateLimits();
    // The live chat on this same HTTP server (/socket.io, decision 026).
    chat = startChat(strapi);
    // Imports a stopped process left half way are marked failed; queued ones run.
    await recoverImports(strapi);
    printWelcome(strapi);
  },

  async destroy({ strapi }: { strapi: Core.Strapi }) {
    stopImports(strapi);
    await stopJobs(strapi);
    stopSweeper?.();
    stopSweeper = null;
    await chat?.close();
    chat = null;
    await closeRateLimits();
    await siteCacheSync?.close();
    siteCacheSync = null;
    await sessionMemoSync?.close();
    sessionMemoSync = null;
    await watchAccessSync?.close();
    watchAccessSync = null;
    // The page views still in the buffer are written before the database closes (decision 038).
    await closePageViews(strapi);
    // Then what those batches left pending is rolled up (decision 075).
    await closePageViewRollup(strapi);
    // Heartbeats and stand events too (decision 047).
    await closeHeartbeats(strapi);
    await closeStandEvents(strapi);
    await finishKeptIds();
    uploadsLock?.release();
    uploadsLock = null;
  },
};
