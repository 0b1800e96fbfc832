/**
 * Deleting staff users (from /cms/usuarios, /admin or the stock API) takes their stand
 * assignments with them: an assignment without its user would linger in the stand's
 * attendants, pointing at no one.
 */
const ASSIGNMENT_UID = 'api::stand-attendant.stand-attendant';

interface DeleteEvent {
  params: { where?: Record<string, unknown> };
  state: Record<string, unknown>;
}

const idsOf = (rows: unknown[]): number[] => (rows as Array<{ id: number }>).map((row) => row.id);

/** Before the users go: the assignments of the users the delete matches. */
const collectAssignments = async (event: DeleteEvent): Promise<void> => {
  if (!event.params.where) return;
  const users = idsOf(await strapi.db.query('api::staff-user.staff-user').findMany({ where: event.params.where, select: ['id'] }));
  if (users.length === 0) return;
  event.state.assignments = idsOf(
    await strapi.db.query(ASSIGNMENT_UID).findMany({ where: { user: { id: { $in: users } } }, select: ['id'] }),
  );
};

/** Once the users are gone: their assignments go too. */
const deleteAssignments = async (event: DeleteEvent): Promise<void> => {
  const ids = event.state.assignments as number[] | undefined;
  if (ids && ids.length > 0) await strapi.db.query(ASSIGNMENT_UID).deleteMany({ where: { id: { $in: ids } } });
};

export default {
  beforeDelete: collectAssignments,
  beforeDeleteMany: collectAssignments,
  afterDelete: deleteAssignments,
  afterDeleteMany: deleteAssignments,
};
