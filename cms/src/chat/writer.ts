import type { Core } from '@strapi/strapi';
import type { ChatMessage, ChatSender } from '@plataforma/adapter';
import { documentId } from '../lib/document-id';
import { chatKey, isUniqueViolation, messageToWire, type ChatRow } from './store';

/** A message on its way to the database. */
export interface PendingMessage {
  /** The chat, or null before its first message: the batch creates it (one per stand and client). */
  chat: ChatRow | null;
  standId: number;
  clientId: number;
  text: string;
  senderType: ChatSender;
  clientMessageId: string | null;
  /** `<chat key>|<sender>|<clientMessageId>`: a retry is stored once (a unique index). */
  dedupKey: string | null;
  staffUserId: number | null;
  /** A client's message while no attendant of the stand is online: the chat waits for an answer. */
  offline: boolean;
  leadConsent: boolean;
}

export interface WrittenMessage {
  message: ChatMessage;
  /** The chat as stored after the message (its last message, sender and flags). */
  chat: ChatRow;
  duplicate: boolean;
}

/** At most this many messages in one transaction. */
const MAX_BATCH = 500;

interface RawMessage {
  id: number;
  document_id?: string;
  text: string;
  sender_type: ChatSender;
  created_at: string | Date | number;
  client_message_id: string | null;
  dedup_key: string | null;
  chat_id?: number;
}

interface RawChat {
  id: number;
  key: string;
  last_message: string | null;
  last_sender: ChatSender | null;
  waiting: boolean | number | null;
  lead_consent: boolean | number | null;
  updated_at: string | Date | number;
}

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];

const wire = (row: RawMessage, chatId: number): ChatMessage =>
  messageToWire(
    {
      id: Number(row.id),
      text: row.text,
      senderType: row.sender_type,
      createdAt: new Date(row.created_at),
      clientMessageId: row.client_message_id,
    },
    chatId,
  );

const chatOf = (row: RawChat): ChatRow => ({
  id: Number(row.id),
  key: row.key,
  lastMessage: row.last_message,
  lastSender: row.last_sender,
  waiting: Boolean(row.waiting),
  leadConsent: Boolean(row.lead_consent),
  updatedAt: new Date(row.updated_at),
});

/**
 * The chat's writes, grouped (decision 026): messages that arrive while a write runs go together
 * in the next transaction — one multi-row insert of the messages and of their links, one update
 * per chat — instead of a transaction each. A lone message is written at once (no waiting for a
 * batch to fill); under load a batch holds what came during the previous write. Rows are the
 * ones the query engine writes (document id, timestamps, published_at, the link tables), so the
 * Content Manager and the product's routes read them as their own. Each message's promise
 * settles when its transaction has committed: an acknowledged message is stored.
 */
export const chatWriter = (strapi: Core.Strapi, oneByOne: (item: PendingMessage) => Promise<WrittenMessage>) => {
  const queue: Array<{ item: PendingMessage; resolve: (value: WrittenMessage) => void; reject: (error: unknown) => void }> = [];
  let running = false;

  const writeBatch = async (items: readonly PendingMessage[]): Promise<WrittenMessage[]> =>
    strapi.db.transaction(async ({ trx }): Promise<WrittenMessage[]> => {
      const knex = strapi.db.connection;
      const raw = (sql: string, bindings: unknown[]) => knex.raw(sql, bindings as never[]).transacting(trx as never);
      const now = new Date();

      // Chats of first messages: created here, once even when several instances race (the unique key).
      const chatOfItem = new Map<number, ChatRow>();
      const missing = new Map<string, PendingMessage>();
      items.forEach((item, index) => {
        if (item.chat) chatOfItem.set(index, item.chat);
        else missing.set(chatKey(item.standId, item.clientId), item);
      });
      if (missing.size > 0) {
        const keys = [...missing.keys()];
        const columns = ['document_id', 'key', 'waiting', 'lead_consent', 'created_at', 'updated_at', 'published_at'];
        const created = rowsOf<RawChat>(
          await raw(
            `insert into chats (${columns.join(', ')}) values ${keys.map(() => `(${columns.map(() => '?').join(', ')})`).join(', ')} ` +
              `on conflict (key) do nothing returning id, key`,
            keys.flatMap((key) => [documentId(), key, false, false, now, now, now]),
          ),
        );
        if (created.length > 0) {
          const fresh = created.map((row) => ({ id: Number(row.id), item: missing.get(row.key) as PendingMessage }));
          await raw(
            `insert into chats_stand_lnk (chat_id, stand_id, chat_ord) values ${fresh.map(() => '(?, ?, ?)').join(', ')}`,
            fresh.flatMap(({ id, item }) => [id, item.standId, id]),
          );
          await raw(
            `insert into chats_client_lnk (chat_id, client_id) values ${fresh.map(() => '(?, ?)').join(', ')}`,
            fresh.flatMap(({ id, item }) => [id, item.clientId]),
          );
        }
        const found = rowsOf<RawChat>(
          await raw(
            `select id, key, last_message, last_sender, waiting, lead_consent, updated_at from chats where key in (${keys.map(() => '?').join(', ')})`,
            keys,
          ),
        );
        const byKey = new Map(found.map((row) => [row.key, chatOf(row)]));
        items.forEach((item, index) => {
          if (item.chat) return;
          const chat = byKey.get(chatKey(item.standId, item.clientId));
          if (!chat) throw new Error('chat: a chat was neither created nor found');
          chatOfItem.set(index, chat);
        });
      }
      const chatIdOf = (index: number): number => (chatOfItem.get(index) as ChatRow).id;

      // Retries: what is stored already, and the first of equal keys within the batch.
      const keys = [...new Set(items.flatMap((item) => (item.dedupKey ? [item.dedupKey] : [])))];
      const stored = new Map<string, RawMessage>();
      if (keys.length > 0) {
        const found = rowsOf<RawMessage>(
          await raw(
            `select m.id, m.text, m.sender_type, m.created_at, m.client_message_id, m.dedup_key, l.chat_id ` +
              `from chat_messages m join chat_messages_chat_lnk l on l.chat_message_id = m.id ` +
              `where m.dedup_key in (${keys.map(() => '?').join(', ')})`,
            keys,
          ),
        );
        for (const row of found) if (row.dedup_key) stored.set(row.dedup_key, row);
      }
      const firstOfKey = new Map<string, number>();
      const fresh: number[] = [];
      items.forEach((item, index) => {
        if (item.dedupKey && (stored.has(item.dedupKey) || firstOfKey.has(item.dedupKey))) return;
        if (item.dedupKey) firstOfKey.set(item.dedupKey, index);
        fresh.push(index);
      });

      const inserted = new Map<number, RawMessage>();
      if (fresh.length > 0) {
        const ids = fresh.map(() => documentId());
        const columns = [
          'document_id',
          'text',
          'sender_type',
          'client_message_id',
          'dedup_key',
          'created_at',
          'updated_at',
          'published_at',
        ];
        const rows = rowsOf<RawMessage>(
          await raw(
            `insert into chat_messages (${columns.join(', ')}) values ${fresh.map(() => `(${columns.map(() => '?').join(', ')})`).join(', ')} ` +
              `returning id, document_id, text, sender_type, created_at, client_message_id, dedup_key`,
            fresh.flatMap((index, n) => {
              const item = items[index];
              return [ids[n], item.text, item.senderType, item.clientMessageId, item.dedupKey, now, now, now];
            }),
          ),
        );
        const byDocument = new Map(rows.map((row) => [row.document_id, row]));
        fresh.forEach((index, n) => {
          const row = byDocument.get(ids[n]);
          if (!row) throw new Error('chat: an inserted message was not returned');
          inserted.set(index, row);
        });
        // The links the query engine keeps: message → chat (ordered by id within the chat), message → staff user.
        const links = fresh.map((index) => [Number(inserted.get(index)?.id), chatIdOf(index), Number(inserted.get(index)?.id)]);
        await raw(
          `insert into chat_messages_chat_lnk (chat_message_id, chat_id, chat_message_ord) values ${links.map(() => '(?, ?, ?)').join(', ')}`,
          links.flat(),
        );
        const staff = fresh.flatMap((index) => {
          const user = items[index].staffUserId;
          return user ? [[Number(inserted.get(index)?.id), user]] : [];
        });
        if (staff.length > 0)
          await raw(
            `insert into chat_messages_staff_user_lnk (chat_message_id, staff_user_id) values ${staff.map(() => '(?, ?)').join(', ')}`,
            staff.flat(),
          );
      }

      // Each chat's last message and sender; 'waiting' follows the messages in order
      // (the stand answering clears it, a client writing while nobody is online sets it).
      const perChat = new Map<number, { last: PendingMessage; cleared: boolean; set: boolean; consent: boolean }>();
      for (const index of fresh) {
        const item = items[index];
        const state = perChat.get(chatIdOf(index)) ?? { last: item, cleared: false, set: false, consent: false };
        state.last = item;
        if (item.senderType === 'stand') {
          state.cleared = true;
          state.set = false;
        } else if (item.offline) state.set = true;
        if (item.leadConsent) state.consent = true;
        perChat.set(chatIdOf(index), state);
      }
      // One statement for every chat of the batch (not one per chat: a round trip each on PostgreSQL).
      const chats = new Map<number, ChatRow>();
      const changes = [...perChat].sort(([a], [b]) => a - b);
      if (changes.length > 0) {
        // In id order: two instances' transactions lock the same chats in the same order (no deadlock).
        if (strapi.db.dialect.client === 'postgres')
          await raw(
            `select id from chats where id in (${changes.map(() => '?').join(', ')}) order by id for update`,
            changes.map(([id]) => id),
          );
        // waiting: 1 set, 0 cleared, -1 as it was; the stand answering clears it, a client writing while nobody is online sets it.
        const tuple = '(cast(? as integer), cast(? as text), cast(? as text), cast(? as integer), cast(? as integer))';
        const updated = rowsOf<RawChat>(
          await raw(
            `with v (id, last_message, last_sender, w, consent) as (values ${changes.map(() => tuple).join(', ')}) ` +
              `update chats set last_message = v.last_message, last_sender = v.last_sender, updated_at = ?, ` +
              `waiting = case when v.w = 1 then TRUE when v.w = 0 then FALSE else COALESCE(chats.waiting, FALSE) end, ` +
              `lead_consent = case when v.consent = 1 then TRUE else COALESCE(chats.lead_consent, FALSE) end ` +
              `from v where chats.id = v.id ` +
              `returning chats.id, chats.key, chats.last_message, chats.last_sender, chats.waiting, chats.lead_consent, chats.updated_at`,
            [
              ...changes.flatMap(([chatId, state]) => [
                chatId,
                state.last.text,
                state.last.senderType,
                state.set ? 1 : state.cleared ? 0 : -1,
                state.consent ? 1 : 0,
              ]),
              now,
            ],
          ),
        );
        for (const row of updated) chats.set(Number(row.id), chatOf(row));
      }

      return items.map((item, index): WrittenMessage => {
        const own = inserted.get(index);
        const chat = chatOfItem.get(index) as ChatRow;
        if (own) return { message: wire(own, chat.id), chat: chats.get(chat.id) ?? chat, duplicate: false };
        const earlier = item.dedupKey ? (stored.get(item.dedupKey) ?? inserted.get(firstOfKey.get(item.dedupKey) ?? -1)) : undefined;
        if (!earlier) throw new Error('chat: a retried message was not found');
        const chatId = earlier.chat_id ?? chat.id;
        return { message: wire(earlier, chatId), chat: chats.get(chatId) ?? chat, duplicate: true };
      });
    });

  // The batch is taken after the event loop's I/O phase (setImmediate), not at once: SQLite's
  // driver is synchronous, so during a commit nothing is read from the sockets; the messages read
  // together afterwards then go in one transaction instead of one transaction each.
  const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
  const drain = async () => {
    running = true;
    try {
      await nextTurn();
      while (queue.length > 0) {
        const batch = queue.splice(0, MAX_BATCH);
        try {
          const written = await writeBatch(batch.map((entry) => entry.item));
          batch.forEach((entry, index) => entry.resolve(written[index]));
        } catch (error) {
          // Nothing of the batch was stored (one transaction). Another instance stored one of these
          // retries at the same instant, or one message cannot be stored (its chat went with its
          // stand): one at a time through the query engine, so only that one fails.
          if (!isUniqueViolation(error))
            strapi.log.warn(`[chat] a batch of ${batch.length} is written one by one: ${(error as Error).message}`);
          for (const entry of batch) await oneByOne(entry.item).then(entry.resolve, entry.reject);
        }
        await nextTurn();
      }
    } finally {
      running = false;
    }
  };

  return {
    /** Stores a message; settles once its transaction has committed. */
    write: (item: PendingMessage): Promise<WrittenMessage> =>
      new Promise<WrittenMessage>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        if (!running) void drain();
      }),
  };
};

export type ChatWriter = ReturnType<typeof chatWriter>;
