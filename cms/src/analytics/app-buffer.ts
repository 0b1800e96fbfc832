import type { Core } from '@strapi/strapi';
import { settings } from '../lib/settings';
import { BatchBuffer } from './batch-buffer';

/**
 * One BatchBuffer per app and kind of item (heartbeats, stand events; decision 047), with the
 * page views' batch settings: written every PAGE_VIEWS_FLUSH_MS, or at PAGE_VIEWS_BATCH_SIZE;
 * new items refused from PAGE_VIEWS_MAX_PENDING waiting. A failed batch is logged and kept.
 */
export const appBuffer = <T>(label: string, write: (strapi: Core.Strapi, items: T[]) => Promise<void>) => {
  const buffers = new WeakMap<Core.Strapi, BatchBuffer<T>>();
  const of = (strapi: Core.Strapi): BatchBuffer<T> => {
    let buffer = buffers.get(strapi);
    if (!buffer) {
      const { batchSize, flushMs, maxPending } = settings().pageViews;
      buffer = new BatchBuffer<T>({
        write: (items) => write(strapi, items),
        batchSize,
        flushMs,
        maxPending,
        onError: (error, count) =>
          strapi.log.error(
            `${label}: a batch of ${count} failed; kept for a retry in ${flushMs} ms: ${(error as Error)?.message ?? error}`,
          ),
      });
      buffers.set(strapi, buffer);
    }
    return buffer;
  };
  return {
    /** The app's buffer (made on first use). */
    of,
    /** Writes what waits (readers that must see it call this first). Never throws: a failed batch stays queued. */
    flush: async (strapi: Core.Strapi): Promise<void> => {
      await buffers.get(strapi)?.flush();
    },
    /** On shutdown: what waits is written before the database closes. */
    close: async (strapi: Core.Strapi): Promise<void> => {
      const buffer = buffers.get(strapi);
      buffers.delete(strapi);
      await buffer?.close();
    },
  };
};
