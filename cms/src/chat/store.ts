import type { Core } from '@strapi/strapi';
import { CHAT_LIMITS, type ChatMessage, type ChatSender, type ChatSummary } from '@plataforma/adapter';
import { recordStandEvent } from '../analytics/stand-events';

export const CHAT_UID = 'api::chat.chat';
export const MESSAGE_UID = 'api::chat-message.chat-message';

/** A chat as the socket handlers keep it. */
export interface ChatRow {
  id: number;
  key: string;
  lastMessage: string | null;
  lastSender: ChatSender | null;
  waiting: boolean | null;
  leadConsent: boolean | null;
  updatedAt: string | Date;
}

interface MessageRow {
  id: number;
  text: string;
  senderType: ChatSender;
  createdAt: string | Date;
  clientMessageId: string | null;
}

const CHAT_COLUMNS = ['id', 'key', 'lastMessage', 'lastSender', 'waiting', 'leadConsent', 'updatedAt'];
const MESSAGE_COLUMNS = ['id', 'text', 'senderType', 'createdAt', 'clientMessageId'];

export const chatKey = (standId: number, clientId: number): string => `${standId}:${clientId}`;

const iso = (value: string | Date): string => new Date(value).toISOString();

/** A unique index refused the row (PostgreSQL 23505, SQLite's UNIQUE constraint). */
export const isUniqueViolation = (error: unknown): boolean => {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed|duplicate key value/i.test(message ?? '');
};

export const messageToWire = (row: MessageRow, chatId: number): ChatMessage => ({
  id: row.id,
  chatId,
  text: row.text,
  senderType: row.senderType,
  createdAt: iso(row.createdAt),
  clientMessageId: row.clientMessageId ?? null,
});

export const summaryOf = (
  chat: Pick<ChatRow, 'id' | 'updatedAt' | 'lastMessage' | 'lastSender' | 'waiting' | 'leadConsent'>,
  standId: number,
  client: { id: number; name: string | null; email: string | null },
): ChatSummary => ({
  id: chat.id,
  standId,
  updatedAt: iso(chat.updatedAt),
  lastMessage: chat.lastMessage ?? null,
  lastSender: chat.lastSender ?? null,
  Client: { id: client.id, name: client.name ?? '', email: chat.leadConsent ? (client.email ?? null) : null },
  waiting: Boolean(chat.waiting),
  leadConsent: Boolean(chat.leadConsent),
});

export const chatStore = (strapi: Core.Strapi) => {
  const chats = () => strapi.db.query(CHAT_UID);
  const messages = () => strapi.db.query(MESSAGE_UID);

  const findChat = async (standId: number, clientId: number): Promise<ChatRow | null> =>
    (await chats().findOne({ where: { key: chatKey(standId, clientId) }, select: CHAT_COLUMNS })) as ChatRow | null;

  /** The chat of a stand and a client, created on its first message (one, even when two tabs write at once). */
  const ensureChat = async (standId: number, clientId: number): Promise<ChatRow> => {
    const found = await findChat(standId, clientId);
    if (found) return found;
    try {
      const created = (await strapi.db.transaction(() =>
        chats().create({
          data: { key: chatKey(standId, clientId), stand: standId, client: clientId, waiting: false, leadConsent: false },
          select: CHAT_COLUMNS,
        }),
      )) as ChatRow;
      // Recorded where the chat is created: a browser cannot fake it (decision 047).
      recordStandEvent(strapi, { kind: 'chat_started', standId, clientId });
      return created;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const other = await findChat(standId, clientId);
      if (!other) throw error;
      return other;
    }
  };

  /**
   * Stores a message and the chat's last message, sender and flags in one transaction; a retry
   * (same sender, same clientMessageId in the chat) answers the stored message instead.
   */
  const addMessage = async (
    chat: ChatRow,
    input: {
      text: string;
      senderType: ChatSender;
      clientMessageId?: string;
      staffUserId?: number;
      waiting: boolean;
      leadConsent?: boolean;
    },
  ): Promise<{ message: ChatMessage; chat: ChatRow; duplicate: boolean }> => {
    const dedupKey = input.clientMessageId ? `${chat.key}|${input.senderType}|${input.clientMessageId}` : null;
    const stored = async () =>
      dedupKey ? ((await messages().findOne({ where: { dedupKey }, select: MESSAGE_COLUMNS })) as MessageRow | null) : null;
    const before = await stored();
    if (before) return { message: messageToWire(before, chat.id), chat, duplicate: true };
    const now = new Date();
    try {
      return await strapi.db.transaction(async () => {
        const row = (await messages().create({
          data: {
            chat: chat.id,
            text: input.text,
            senderType: input.senderType,
            clientMessageId: input.clientMessageId ?? null,
            dedupKey,
            staffUser: input.staffUserId ?? null,
          },
          select: MESSAGE_COLUMNS,
        })) as MessageRow;
        const data = {
          lastMessage: input.text,
          lastSender: input.senderType,
          waiting: input.waiting,
          leadConsent: Boolean(chat.leadConsent) || Boolean(input.leadConsent),
          updatedAt: now,
        };
        await chats().update({ where: { id: chat.id }, data });
        return { message: messageToWire(row, chat.id), chat: { ...chat, ...data }, duplicate: false };
      });
    } catch (error) {
      // Two deliveries of one retry at the same instant: the other one stored it.
      const other = isUniqueViolation(error) ? await stored() : null;
      if (!other) throw error;
      return { message: messageToWire(other, chat.id), chat, duplicate: true };
    }
  };

  /**
   * The newest messages of a chat after `since`, oldest first; with `from`, only those written at
   * or after it (a soft session's: what was written since it began, decision 101).
   */
  const history = async (chatId: number, since = 0, from?: Date): Promise<ChatMessage[]> => {
    const rows = (await messages().findMany({
      where: { chat: { id: chatId }, id: { $gt: since }, ...(from ? { createdAt: { $gte: from } } : {}) },
      select: MESSAGE_COLUMNS,
      orderBy: { id: 'desc' },
      limit: CHAT_LIMITS.historyMax,
    })) as MessageRow[];
    return rows.reverse().map((row) => messageToWire(row, chatId));
  };

  /** Whether a staff user is an attendant of the stand. */
  const isAttendantOf = async (staffId: number, standId: number): Promise<boolean> =>
    (await strapi.db.query('api::stand-attendant.stand-attendant').count({ where: { stand: { id: standId }, user: { id: staffId } } })) > 0;

  /** The stands an attendant works on. */
  const standsOf = async (staffId: number): Promise<number[]> => {
    const rows = (await strapi.db
      .query('api::stand-attendant.stand-attendant')
      .findMany({ where: { user: { id: staffId } }, populate: { stand: { select: ['id'] } } })) as Array<{ stand?: { id: number } | null }>;
    return [...new Set(rows.flatMap((row) => (row.stand ? [row.stand.id] : [])))];
  };

  /** Whether anyone attends the stand (issue 56, item 2: a stand nobody attends is answered by the organisers). */
  const attended = async (standId: number): Promise<boolean> =>
    (await strapi.db
      .query('api::stand-attendant.stand-attendant')
      .count({ where: { stand: { id: standId }, user: { id: { $notNull: true } } } })) > 0;

  const standExists = async (standId: number): Promise<boolean> =>
    (await strapi.db.query('api::stand.stand').count({ where: { id: standId } })) > 0;

  const clientOf = async (clientId: number): Promise<{ id: number; name: string | null; email: string | null } | null> =>
    (await strapi.db.query('api::client.client').findOne({ where: { id: clientId }, select: ['id', 'name', 'email'] })) as {
      id: number;
      name: string | null;
      email: string | null;
    } | null;

  return { findChat, ensureChat, addMessage, history, isAttendantOf, standsOf, standExists, attended, clientOf };
};

export type ChatStore = ReturnType<typeof chatStore>;
