import { ApiError, chatDocumentSchema, chatDocumentUpdateSchema } from '@plataforma/adapter';
import type { DocumentRules } from '../../documents/rules';
import { CHAT_UID, chatKey, MESSAGE_UID } from '../../chat/store';
import { syncChats } from '../chat-message/rules';

interface LinkedChat {
  id: number;
  key: string | null;
  stand?: { id: number } | null;
  client?: { id: number } | null;
}

/**
 * A chat's rules on the Content Manager's path: between a stand and a client, one per pair (the
 * key the live chat finds it by); who it is between is not changed once it has messages; its
 * last message and sender follow its messages (not typed in); deleting it deletes its messages;
 * one activity-log line per write.
 */
export const chatRules: DocumentRules = {
  uid: CHAT_UID,
  labels: { one: 'conversa', many: 'conversas' },
  logAction: 'chats',
  create: chatDocumentSchema,
  update: chatDocumentUpdateSchema,
  links: {
    stand: { target: 'api::stand.stand', field: 'standId', required: 'api.error.standNotFound', notFound: 'api.error.standNotFound' },
    client: { target: 'api::client.client', field: 'clientId', required: 'api.error.notFound', notFound: 'api.error.notFound' },
  },
  keyFields: { 'api.error.conflict': 'client' },
  derived: ['key', 'lastMessage', 'lastSender'],
  after: async (strapi, { action, ids }) => {
    // A conversation deleted takes its messages with it (Strapi removes only the link rows): the
    // ones no chat holds any more.
    if (action === 'delete') {
      await strapi.db.query(MESSAGE_UID).deleteMany({ where: { chat: { id: { $null: true } } } });
      return;
    }
    if (ids.length === 0) return;
    const rows = (await strapi.db.query(CHAT_UID).findMany({
      where: { id: { $in: ids } },
      select: ['id', 'key'],
      populate: { stand: { select: ['id'] }, client: { select: ['id'] } },
    })) as LinkedChat[];
    for (const row of rows) {
      const key = row.stand && row.client ? chatKey(row.stand.id, row.client.id) : null;
      if (key !== row.key) {
        if (key && (await strapi.db.query(CHAT_UID).count({ where: { key, id: { $ne: row.id } } })) > 0)
          throw new ApiError(409, 'api.error.conflict');
        // Its messages' retry keys and the rooms of its sockets name the pair.
        if (row.key && (await strapi.db.query(MESSAGE_UID).count({ where: { chat: { id: row.id } } })) > 0)
          throw new ApiError(409, 'api.error.conflict');
        await strapi.db.query(CHAT_UID).update({ where: { id: row.id }, data: { key } });
      }
    }
    await syncChats(
      strapi,
      rows.map((row) => row.id),
    );
  },
};
