import { ApiError, standAttendantInputSchema } from '@plataforma/adapter';
import type { DocumentRules } from '../../documents/rules';
import { STAFF_UID } from '../../auth/accounts';
import { ATTENDANT_UID } from './wire';

interface Assignment {
  id: number;
  stand?: { id: number } | null;
  user?: { id: number } | null;
}

/**
 * A stand attendant's rules on every write path (it has no content-API route, decision 019), as
 * the attendants modal's route (`POST /api/cms/v1/stands/:id/attendants`) holds them: a stand
 * that exists, a staff user with the attendant role (an assignment makes no one an admin, and an
 * admin needs none), each user once per stand. An assignment written in the Content Manager
 * leaves a log line like the modal's.
 */
export const standAttendantRules: DocumentRules = {
  uid: ATTENDANT_UID,
  labels: { one: 'vínculo de atendente', many: 'vínculos de atendentes' },
  logAction: 'standAttendants',
  create: standAttendantInputSchema,
  update: standAttendantInputSchema.partial(),
  links: {
    stand: { target: 'api::stand.stand', field: 'standId', required: 'api.error.standNotFound', notFound: 'api.error.standNotFound' },
    user: { target: STAFF_UID, field: 'userId', required: 'stands.error.notAttendant', notFound: 'stands.error.notAttendant' },
  },
  check: async (strapi, input) => {
    const { userId } = input as { userId?: number };
    if (userId === undefined) return;
    const user = (await strapi.db.query(STAFF_UID).findOne({ where: { id: userId }, select: ['role'] })) as { role: string } | null;
    if (user?.role !== 'attendant') throw new ApiError(400, 'stands.error.notAttendant');
  },
  keyFields: { 'stands.error.notAttendant': 'user', 'stands.error.alreadyAssigned': 'user' },
  // Each user once per stand, on what the write left (the modal's rule), in the write's transaction.
  after: async (strapi, { action, ids }) => {
    if (action === 'delete' || ids.length === 0) return;
    const rows = (await strapi.db.query(ATTENDANT_UID).findMany({
      where: { id: { $in: ids } },
      select: ['id'],
      populate: { stand: { select: ['id'] }, user: { select: ['id'] } },
    })) as Assignment[];
    for (const row of rows) {
      if (!row.stand || !row.user) continue;
      const twice = await strapi.db
        .query(ATTENDANT_UID)
        .count({ where: { id: { $ne: row.id }, stand: { id: row.stand.id }, user: { id: row.user.id } } });
      if (twice > 0) throw new ApiError(409, 'stands.error.alreadyAssigned');
    }
  },
};
