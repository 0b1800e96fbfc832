import type { Core } from '@strapi/strapi';
import { ApiError, emailPaths, idSchema } from '@plataforma/adapter';
import { reply, resourceRoutes } from '@plataforma/adapter/server';
import { logActivity } from '../../../activity/log';
import { identityOf } from '../../../auth/identity';
import { resendEmail, EMAIL_UID, type EmailRow } from '../../../email/messages';
import { cmsRouter, dbOf, routeFor } from '../../../http/router';
import { emailMessageSpec } from '../wire';

/** 'E-mails' (admin, decision 081): the list and a message through the one list factory; 'Reenviar' of a failed one, logged. */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const resend = routeFor(strapi)({
    method: 'POST',
    path: emailPaths.resend,
    config: { auth: false },
    handler: async (ctx) => {
      const id = idSchema.safeParse(Number(ctx.params.id));
      if (!id.success) throw new ApiError(400, 'api.error.invalidId');
      const { row, liftedSuppression } = await resendEmail(strapi, id.data);
      const who = identityOf(ctx.state);
      await logActivity(strapi, {
        action: 'emails.resend',
        description:
          `Reenviou o e-mail nº ${row.id} (${row.template}) para ${row.recipient}` +
          `${liftedSuppression ? '; o endereço saiu da lista de supressão' : ''}. Falha anterior: ${row.error ?? 'sem resposta'}.`,
        actor: who ? { id: who.id, name: who.name, email: who.email, staff: who.kind === 'staff' } : null,
        ip: ctx.ip,
      });
      const fresh = (await strapi.db.query(EMAIL_UID).findOne({
        where: { id: row.id },
        populate: { client: { select: ['id'] }, event: { select: ['id'] } },
      })) as EmailRow;
      return reply(emailMessageSpec.toWire(fresh, { query: {}, state: {} }), 'emails.resent');
    },
  });
  return cmsRouter([
    ...resourceRoutes(dbOf(strapi), emailMessageSpec, { actions: ['list', 'get'], config: { auth: false }, logger: strapi.log }),
    resend,
  ]);
};
