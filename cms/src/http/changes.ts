import type { Core } from '@strapi/strapi';
import type { ContextLike } from '@plataforma/adapter/server';
import { identityOf } from '../auth/identity';
import { logActivity } from '../activity/log';

export interface Labels {
  /** e.g. 'usuário', 'categoria' */
  one: string;
  /** e.g. 'usuários', 'categorias' */
  many: string;
}

const VERB = { create: 'Criou', update: 'Alterou', delete: 'Excluiu' } as const;

export type ChangeAction = keyof typeof VERB;

/** A change as the activity log says it: "Criou categoria nº 3", "Excluiu usuários nº 4, 5" (without the final stop). */
export const describeChange = (labels: Labels, action: ChangeAction, ids: readonly number[]): string =>
  `${VERB[action]} ${ids.length > 1 ? labels.many : labels.one} nº ${ids.join(', ')}`;

/** The activity-log writer for a back-office resource: "Criou categoria nº 3", "Excluiu usuários nº 4, 5". */
export const logChanges =
  (strapi: Core.Strapi, labels: Labels, uidAction: string) =>
  async ({ action, ids, ctx }: { action: ChangeAction; ids: number[]; ctx: ContextLike }) => {
    const who = identityOf(ctx.state);
    await logActivity(strapi, {
      action: `${uidAction}.${action}`,
      description: `${describeChange(labels, action, ids)}.`,
      actor: who ? { id: who.id, name: who.name, email: who.email, staff: who.kind === 'staff' } : null,
      ip: ctx.ip,
    });
  };
