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

/** The activity-log writer for a back-office resource: "Criou categoria nº 3", "Excluiu usuários nº 4, 5". */
export const logChanges =
  (strapi: Core.Strapi, labels: Labels, uidAction: string) =>
  async ({ action, ids, ctx }: { action: 'create' | 'update' | 'delete'; ids: number[]; ctx: ContextLike }) => {
    const who = identityOf(ctx.state);
    await logActivity(strapi, {
      action: `${uidAction}.${action}`,
      description: `${VERB[action]} ${ids.length > 1 ? labels.many : labels.one} nº ${ids.join(', ')}.`,
      actor: who ? { id: who.id, name: who.name, email: who.email, staff: who.kind === 'staff' } : null,
      ip: ctx.ip,
    });
  };
