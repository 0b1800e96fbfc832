import type { ContextLike, Where } from '@plataforma/adapter/server';
import { identityOf } from '../../auth/identity';

/** The calling attendant, or null for an admin (or anyone else). */
export const attendantOf = (ctx: ContextLike) => {
  const who = identityOf(ctx.state);
  return who?.kind === 'staff' && who.role === 'attendant' ? who : null;
};

/**
 * The stands the caller works on (SPEC §6): an attendant's are those assigned to them, and any
 * other answers 404 as if it did not exist; null (every stand) for an admin.
 */
export const attendantStandScope = (ctx: ContextLike): Where | null => {
  const who = attendantOf(ctx);
  return who ? { attendants: { user: { id: who.id } } } : null;
};
