import type { Core } from '@strapi/strapi';
import { ApiError, chatListQuerySchema, chatPaths, parseId, type StandContact } from '@plataforma/adapter';
import { reply, type ContextLike } from '@plataforma/adapter/server';
import { cmsRouter, routeFor } from '../../../http/router';
import { attendantOf } from '../../stand/scope';
import { CHAT_UID, MESSAGE_UID, summaryOf, type ChatRow } from '../../../chat/store';
import { joinOf, rowsOf, tableOf } from '../../../analytics/sql';

/** The newest this many rows answer a list (the count is exact). */
const LIST_MAX = 500;

type Row = ChatRow & {
  createdAt: string | Date;
  client?: { id: number; name: string | null; email: string | null } | null;
  stand?: { id: number; name: string; event?: { id: number; name: string } | null } | null;
};

const SUMMARY_COLUMNS = ['id', 'key', 'lastMessage', 'lastSender', 'waiting', 'leadConsent', 'updatedAt', 'createdAt'];
/** A chat's stand and the stand's event, as a row of the inbox names them. */
const STAND_AND_EVENT = { stand: { select: ['id', 'name'], populate: { event: { select: ['id', 'name'] } } } };

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

  /** Per chat, the client's messages after the stand's last one (decision 104): one grouped count. */
  const unreadOf = async (chatIds: number[]): Promise<Map<number, number>> => {
    if (chatIds.length === 0) return new Map();
    const link = joinOf(strapi, MESSAGE_UID, 'chat');
    const [messages, own, chat] = [tableOf(strapi, MESSAGE_UID), link.joinColumn.name, link.inverseJoinColumn.name];
    const ids = chatIds.map((id) => String(Math.trunc(id))).join(', ');
    const rows = rowsOf<{ chat_id: unknown; n: unknown }>(
      await strapi.db.connection.raw(
        `select l.${chat} as chat_id, count(*) as n from ${messages} m join ${link.name} l on l.${own} = m.id ` +
          `where l.${chat} in (${ids}) and m.sender_type = 'client' and m.id > coalesce((select max(m2.id) from ${messages} m2 ` +
          `join ${link.name} l2 on l2.${own} = m2.id where l2.${chat} = l.${chat} and m2.sender_type = 'stand'), 0) group by l.${chat}`,
      ),
    );
    return new Map(rows.map((row) => [Number(row.chat_id), Number(row.n)]));
  };

  /** The rows as the inbox shows them: the summary, its unread count and when it began; its stand and event if read. */
  const inboxRows = async (rows: Row[], standId?: number) => {
    const unread = await unreadOf(rows.map((row) => row.id));
    return rows.flatMap((row) => {
      const stand = row.stand ?? null;
      const id = standId ?? stand?.id;
      if (!row.client || id === undefined) return [];
      return [
        {
          ...summaryOf(row, id, row.client),
          unread: unread.get(row.id) ?? 0,
          createdAt: new Date(row.createdAt).toISOString(),
          ...(stand
            ? { stand: { id: stand.id, name: stand.name }, event: stand.event ? { id: stand.event.id, name: stand.event.name } : null }
            : {}),
        },
      ];
    });
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
        select: SUMMARY_COLUMNS,
        // The stand and its event too: the stand's chats dialog shows the visitor's context as the inbox does (decision 105).
        populate: { client: { select: ['id', 'name', 'email'] }, ...STAND_AND_EVENT },
        orderBy: [{ updatedAt: order === 'updatedAt:asc' ? 'asc' : 'desc' }, { id: 'desc' }],
      })) as Row[];
      const shown = await inboxRows(rows, standId);
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

  const inbox = route({
    method: 'GET',
    path: chatPaths.inbox,
    config: { auth: false },
    handler: async (ctx) => {
      const attendant = attendantOf(ctx);
      if (!attendant) throw new ApiError(403, 'api.error.forbidden');
      const where = { lastMessage: { $notNull: true }, stand: { attendants: { user: { id: attendant.id } } } };
      const rows = (await strapi.db.query(CHAT_UID).findMany({
        where,
        limit: LIST_MAX,
        select: SUMMARY_COLUMNS,
        populate: {
          client: { select: ['id', 'name', 'email'] },
          ...STAND_AND_EVENT,
        },
        orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }],
      })) as Row[];
      const shown = await inboxRows(rows);
      return reply({ rows: shown, count: rows.length < LIST_MAX ? shown.length : await strapi.db.query(CHAT_UID).count({ where }) });
    },
  });

  return cmsRouter([chats, contacts, unanswered, inbox]);
};
