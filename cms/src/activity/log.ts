import type { Core } from '@strapi/strapi';
import { createAtomically } from '../lib/atomic';

export const LOG_UID = 'api::log.log';

/** What the activity log records (SPEC §3 Log; the id is the protocol number). */
export interface ActivityEntry {
  action: string;
  /** Portuguese, as staff read it in /cms/atividades. Never a password, code or token. */
  description: string;
  actor?: { id?: number; name?: string | null; email?: string | null; staff?: boolean } | null;
  ip?: string | null;
}

/** Writes one Log row; a failure to log never fails the request that caused it. */
export const logActivity = async (strapi: Core.Strapi, entry: ActivityEntry): Promise<void> => {
  try {
    await createAtomically(strapi, LOG_UID, {
      data: {
        action: entry.action.slice(0, 60),
        description: entry.description,
        username: entry.actor?.name ?? null,
        email: entry.actor?.email ?? null,
        ip: entry.ip?.slice(0, 64) ?? null,
        staffUser: entry.actor?.staff && entry.actor.id ? entry.actor.id : null,
      },
    });
  } catch (error) {
    strapi.log.error(`[activity] could not write the log: ${(error as Error).message}`);
  }
};
