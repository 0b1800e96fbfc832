import type { Core } from '@strapi/strapi';
import { eraseFromRollup } from '../../analytics/page-view-hours';
import { drainPageViewRollup } from '../../analytics/page-view-rollup';
import { inTransaction } from '../../analytics/sql';
import { SESSION_UID } from '../../auth/sessions';

const SMS_CHALLENGE_UID = 'api::sms-challenge.sms-challenge';

/**
 * What goes with clients staff delete, before their rows go and in the deletion's transaction, on
 * every path (the back office's route, the Content Manager): their sessions and SMS codes, so no
 * token of theirs works any more, and their rows of the dashboards' rollup made anonymous
 * (decision 053), as their views become by the link tables' cascade. What they left elsewhere
 * (contacts, chats, orders) stays and loses its link to them.
 */
export const removeClientDependents = async (strapi: Core.Strapi, ids: readonly number[]): Promise<void> => {
  if (ids.length === 0) return;
  for (const uid of [SESSION_UID, SMS_CHALLENGE_UID]) {
    const owned = (
      (await strapi.db.query(uid).findMany({ where: { client: { id: { $in: [...ids] } } }, select: ['id'] })) as Array<{ id: number }>
    ).map((row) => row.id);
    if (owned.length) await strapi.db.query(uid).deleteMany({ where: { id: { $in: owned } } });
  }
  // Their views still pending are rolled up first (decision 075), so every row of theirs turns anonymous.
  await drainPageViewRollup(strapi);
  await inTransaction(strapi, (raw) => eraseFromRollup(raw, ids));
};
