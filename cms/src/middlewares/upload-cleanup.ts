import type { Core } from '@strapi/strapi';
import { removeTempFiles, tempPaths } from '../storage/temp-files';

interface CleanupContext {
  request: { files?: unknown };
}

/**
 * Right after `strapi::body`: when the request is over, removes every temporary file formidable
 * wrote for it, whatever its field. (Strapi's body middleware removes only the field named
 * `files`, and forgets the others.) A failed parse removes its own partial files (formidable).
 */
export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) =>
  async (ctx: CleanupContext, next: () => Promise<void>) => {
    const paths = tempPaths(ctx.request.files);
    if (paths.length === 0) return next();
    try {
      await next();
    } finally {
      await removeTempFiles(paths, (filepath, error) =>
        strapi.log.warn(`[uploads] could not remove the temporary file ${filepath}: ${(error as Error).message}`),
      );
    }
  };
