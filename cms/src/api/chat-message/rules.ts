import { ApiError, chatMessageDocumentSchema, chatMessageDocumentUpdateSchema, type ChatSender } from '@plataforma/adapter';
import type { Core } from '@strapi/strapi';
import type { DocumentRules } from '../../documents/rules';
import { CHAT_UID, MESSAGE_UID } from '../../chat/store';
import { checkText } from '../../chat/text';

interface LinkedMessage {
  id: number;
  senderType: ChatSender;
  clientMessageId: string | null;
  dedupKey: string | null;
  chat?: { id: number; key: string | null } | null;
}

/**
 * Keeps chats as the live chat leaves them after a write outside it: the last message and sender
 * are those of the newest message (none when it has none), and the chat shows as updated.
 */
export const syncChats = async (strapi: Core.Strapi, chatIds: Iterable<number>): Promise<void> => {
  for (const id of [...new Set(chatIds)].sort((a, b) => a - b)) {
    const newest = (await strapi.db.query(MESSAGE_UID).findOne({
      where: { chat: { id } },
      orderBy: { id: 'desc' },
      select: ['text', 'senderType'],
    })) as { text: string; senderType: ChatSender } | null;
    await strapi.db.query(CHAT_UID).update({
      where: { id },
      data: { lastMessage: newest?.text ?? null, lastSender: newest?.senderType ?? null, updatedAt: new Date() },
    });
  }
};

/**
 * A chat message's rules on the Content Manager's path (it has no content-API route): the send's
 * text rules with their keys, stored trimmed; a retry key unique in its chat as the chat keeps it;
 * the chat's last message kept in step; one activity-log line per write.
 */
export const chatMessageRules: DocumentRules = {
  uid: MESSAGE_UID,
  labels: { one: 'mensagem de conversa', many: 'mensagens de conversa' },
  logAction: 'chats.messages',
  create: chatMessageDocumentSchema,
  update: chatMessageDocumentUpdateSchema,
  links: {
    chat: { target: CHAT_UID, field: 'chatId', required: 'api.error.notFound', notFound: 'api.error.notFound' },
    staffUser: { target: 'api::staff-user.staff-user', field: 'staffUserId', notFound: 'api.error.notFound' },
  },
  normalize: (data) => {
    if (typeof data.text === 'string') data.text = data.text.trim();
    if (data.clientMessageId === '') data.clientMessageId = null;
  },
  check: async (_strapi, input) => {
    if (typeof input.text !== 'string') return;
    const text = checkText(input.text);
    if (!text.ok) throw new ApiError(400, text.msg);
  },
  keyFields: { 'chat.error.blank': 'text', 'chat.error.tooLong': 'text', 'api.error.conflict': 'clientMessageId' },
  derived: ['dedupKey'],
  after: async (strapi, { action, ids, stored }) => {
    const chatIds: number[] = [];
    const before = (stored?.chat as { id?: number } | null | undefined)?.id;
    if (before) chatIds.push(before);
    if (action !== 'delete' && ids.length > 0) {
      const rows = (await strapi.db.query(MESSAGE_UID).findMany({
        where: { id: { $in: ids } },
        select: ['id', 'senderType', 'clientMessageId', 'dedupKey'],
        populate: { chat: { select: ['id', 'key'] } },
      })) as LinkedMessage[];
      for (const row of rows) {
        if (row.chat) chatIds.push(row.chat.id);
        // The retry key the live chat writes: a message the chat would take again is refused.
        const dedupKey = row.clientMessageId && row.chat?.key ? `${row.chat.key}|${row.senderType}|${row.clientMessageId}` : null;
        if (dedupKey === row.dedupKey) continue;
        if (dedupKey && (await strapi.db.query(MESSAGE_UID).count({ where: { dedupKey, id: { $ne: row.id } } })) > 0)
          throw new ApiError(409, 'api.error.conflict');
        await strapi.db.query(MESSAGE_UID).update({ where: { id: row.id }, data: { dedupKey } });
      }
    }
    await syncChats(strapi, chatIds);
  },
};
