import type { Core } from '@strapi/strapi';
import { ApiError, chatListQuerySchema, chatPaths, parseId, type StandContact } from '@plataforma/adapter';
import { reply, type ContextLike } from '@plataforma/adapter/server';
import { cmsRouter, routeFor } from '../../../http/router';
import { attendantOf } from '../../stand/scope';
import { CHAT_UID, summaryOf, type ChatRow } from '../../../chat/store';

/** The newest this many rows answer a list (the count is exact). */
const LIST_MAX = 500;

type Row = ChatRow & { client?: { id: number; name: string | null; email: string | null } | null };

/**
 * The attendant's inbox of a stand (SPEC §2.3 stand chats, §7): its chats and its contact
 * requests. An attendant reads only the stands assigned to them (another answers 404 as if it
 * did not exist); admins read every stand's.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const route = routeFor(strapi);

  const standOf = async (ctx: ContextLike): Promise<number> => {
    const id = parseId(ctx.params.id);
    const attendant = attendantOf(ctx);
    const where = attendant ? { id, attendants: { user: { id: attendant.id } } } : { id };
    if ((await strapi.db.query('api::stand.stand').count({ where })) === 0) throw new ApiError(404, 'api.error.standNotFound');
    return id;
  };

  const chats = route({
    method: 'GET',
    path: chatPaths.standChats,
    config: { auth: false },
    handler: async (ctx) => {
      const standId = await standOf(ctx);
      const query = chatListQuerySchema.safeParse(ctx.query);
      if (!query.success) throw new ApiError(400, 'api.error.invalidQuery');
      const { hasLastMessage, order } = query.data;
      const where = { stand: { id: standId }, ...(hasLastMessage === 'false' ? {} : { lastMessage: { $notNull: true } }) };
      const rows = (await strapi.db.query(CHAT_UID).findMany({
        where,
        limit: LIST_MAX,
        select: ['id', 'key', 'lastMessage', 'lastSender', 'waiting', 'leadConsent', 'updatedAt'],
        populate: { client: { select: ['id', 'name', 'email'] } },
        orderBy: [{ updatedAt: order === 'updatedAt:asc' ? 'asc' : 'desc' }, { id: 'desc' }],
      })) as Row[];
      const shown = rows.flatMap((row) => (row.client ? [summaryOf(row, standId, row.client)] : []));
      return reply({ rows: shown, count: rows.length < LIST_MAX ? shown.length : await strapi.db.query(CHAT_UID).count({ where }) });
    },
  });

  const contacts = route({
    method: 'GET',
    path: chatPaths.standContacts,
    config: { auth: false },
    handler: async (ctx) => {
      const standId = await standOf(ctx);
      const rows = (await strapi.db.query('api::contact.contact').findMany({
        where: { stand: { id: standId } },
        select: ['id', 'createdAt', 'name', 'email', 'phone', 'message', 'verified'],
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        limit: LIST_MAX,
      })) as Array<Omit<StandContact, 'createdAt'> & { createdAt: string | Date }>;
      const shown: StandContact[] = rows.map((row) => ({
        id: row.id,
        createdAt: new Date(row.createdAt).toISOString(),
        name: row.name ?? null,
        email: row.email ?? null,
        phone: row.phone ?? null,
        message: row.message,
        verified: Boolean(row.verified),
      }));
      const count =
        rows.length < LIST_MAX ? rows.length : await strapi.db.query('api::contact.contact').count({ where: { stand: { id: standId } } });
      return reply({ rows: shown, count });
    },
  });

  const unanswered = route({
    method: 'GET',
    path: chatPaths.unanswered,
    config: { auth: false },
    handler: async (ctx) => {
      const attendant = attendantOf(ctx);
      // The access table admits attendants only; the scope keeps the count to their stands.
      if (!attendant) throw new ApiError(403, 'api.error.forbidden');
      const count = await strapi.db.query(CHAT_UID).count({
        where: { lastSender: 'client', stand: { attendants: { user: { id: attendant.id } } } },
      });
      return reply({ count });
    },
  });

  return cmsRouter([chats, contacts, unanswered]);
};
