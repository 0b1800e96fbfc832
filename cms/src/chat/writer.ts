import type { Core } from '@strapi/strapi';
import type { ChatMessage, ChatSender } from '@plataforma/adapter';
import { recordStandEvent } from '../analytics/stand-events';
import { documentId } from '../lib/document-id';
import { pgTextArray } from '../lib/pg-array';
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

/** Runs one statement (in the batch's transaction, when there is one). */
type Raw = (sql: string, bindings: unknown[]) => Promise<unknown>;

/** A chat this batch created, as stand and client: recorded as `chat_started` once committed (decision 047). */
type Started = Array<{ standId: number; clientId: number }>;

/** Records the chats a committed batch created (a stand event the browser cannot fake). */
const recordStarted = (strapi: Core.Strapi, started: Started): void => {
  for (const { standId, clientId } of started) recordStandEvent(strapi, { kind: 'chat_started', standId, clientId });
};

/**
 * The chat of each message of a batch, by index. A chat's first message creates it (with its
 * links), once even when several instances race (the unique key); the chats created are pushed
 * to `started`.
 */
const chatsOf = async (raw: Raw, items: readonly PendingMessage[], now: Date, started: Started): Promise<Map<number, ChatRow>> => {
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
      started.push(...fresh.map(({ item }) => ({ standId: item.standId, clientId: item.clientId })));
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
  return chatOfItem;
};

/** The first of equal retry keys in a batch is written; the others are answered with it. */
const retries = (items: readonly PendingMessage[]) => {
  const firstOfKey = new Map<string, number>();
  const candidates: number[] = [];
  items.forEach((item, index) => {
    if (item.dedupKey && firstOfKey.has(item.dedupKey)) return;
    if (item.dedupKey) firstOfKey.set(item.dedupKey, index);
    candidates.push(index);
  });
  return { firstOfKey, candidates };
};

/**
 * Each chat's last message and sender after the batch's stored messages (in order), and its
 * flags: `waiting` 1 set, 0 cleared, -1 as it was — the stand answering clears it, a client
 * writing while nobody is online sets it; the lead consent once given stays.
 */
const chatChanges = (items: readonly PendingMessage[], chatOfItem: ReadonlyMap<number, ChatRow>, stored: readonly number[]) => {
  const perChat = new Map<number, { last: PendingMessage; waiting: 1 | 0 | -1; consent: boolean }>();
  for (const index of [...stored].sort((a, b) => a - b)) {
    const item = items[index];
    const chatId = (chatOfItem.get(index) as ChatRow).id;
    const state = perChat.get(chatId) ?? { last: item, waiting: -1, consent: false };
    state.last = item;
    if (item.senderType === 'stand') state.waiting = 0;
    else if (item.offline) state.waiting = 1;
    if (item.senderType === 'client' && item.leadConsent) state.consent = true;
    perChat.set(chatId, state);
  }
  return [...perChat].sort(([a], [b]) => a - b);
};

/** Each message's answer: the row stored for it, or for a retry the one stored before. */
const answers = (
  items: readonly PendingMessage[],
  chatOfItem: ReadonlyMap<number, ChatRow>,
  firstOfKey: ReadonlyMap<string, number>,
  inserted: ReadonlyMap<number, RawMessage>,
  stored: ReadonlyMap<string, RawMessage>,
  chats: ReadonlyMap<number, ChatRow>,
): WrittenMessage[] =>
  items.map((item, index): WrittenMessage => {
    const chat = chatOfItem.get(index) as ChatRow;
    const own = inserted.get(index);
    if (own) return { message: wire(own, chat.id), chat: chats.get(chat.id) ?? chat, duplicate: false };
    const earlier = item.dedupKey ? (stored.get(item.dedupKey) ?? inserted.get(firstOfKey.get(item.dedupKey) ?? -1)) : undefined;
    if (!earlier) throw new Error('chat: a message was neither stored nor found');
    const chatId = earlier.chat_id ?? chat.id;
    return { message: wire(earlier, chatId), chat: chats.get(chatId) ?? chat, duplicate: true };
  });

/** A better-sqlite3 connection, as far as the chat's writes use it. */
interface SqliteStatement {
  get(...values: unknown[]): unknown;
  run(...values: unknown[]): unknown;
}
interface SqliteConnection {
  prepare(sql: string): SqliteStatement;
}

/** The SQLite batch's statements, prepared once per connection. Dates as the query builder stores them (milliseconds), booleans as 0/1. */
const prepared = new WeakMap<SqliteConnection, ReturnType<typeof prepareSqlite>>();
const prepareSqlite = (connection: SqliteConnection) => ({
  insertMessage: connection.prepare(
    'insert into chat_messages (document_id, text, sender_type, client_message_id, dedup_key, created_at, updated_at, published_at) ' +
      'values (?, ?, ?, ?, ?, ?, ?, ?) on conflict (dedup_key) do nothing ' +
      'returning id, document_id, text, sender_type, created_at, client_message_id, dedup_key',
  ),
  storedMessage: connection.prepare(
    'select m.id, m.text, m.sender_type, m.created_at, m.client_message_id, m.dedup_key, l.chat_id ' +
      'from chat_messages m join chat_messages_chat_lnk l on l.chat_message_id = m.id where m.dedup_key = ?',
  ),
  chatLink: connection.prepare('insert into chat_messages_chat_lnk (chat_message_id, chat_id, chat_message_ord) values (?, ?, ?)'),
  staffLink: connection.prepare('insert into chat_messages_staff_user_lnk (chat_message_id, staff_user_id) values (?, ?)'),
  updateChat: connection.prepare(
    'update chats set last_message = ?, last_sender = ?, updated_at = ?, ' +
      'waiting = case when ? = 1 then 1 when ? = 0 then 0 else coalesce(waiting, 0) end, ' +
      'lead_consent = case when ? = 1 then 1 else coalesce(lead_consent, 0) end ' +
      'where id = ? returning id, key, last_message, last_sender, waiting, lead_consent, updated_at',
  ),
});
const sqliteStatements = (connection: SqliteConnection) => {
  let statements = prepared.get(connection);
  if (!statements) prepared.set(connection, (statements = prepareSqlite(connection)));
  return statements;
};

/**
 * The chat's writes, grouped (decision 026): messages that arrive while a write runs go together
 * in the next write — one statement on PostgreSQL, one transaction of prepared statements on
 * SQLite — instead of a transaction each. A lone message is written at once (no waiting for a
 * batch to fill); under load a batch holds what came during the previous write. Rows are the
 * ones the query engine writes (document id, timestamps, published_at, the link tables), so the
 * Content Manager and the product's routes read them as their own. Each message's promise
 * settles when its transaction has committed: an acknowledged message is stored.
 */
export const chatWriter = (strapi: Core.Strapi, oneByOne: (item: PendingMessage) => Promise<WrittenMessage>) => {
  const queue: Array<{ item: PendingMessage; resolve: (value: WrittenMessage) => void; reject: (error: unknown) => void }> = [];
  let running = false;

  /**
   * SQLite: the driver is synchronous, so the batch's cost is the loop's time. Through the query
   * builder each statement is built, prepared and bound anew (a VALUES list of rows × columns
   * parameters each time); here, inside the batch's transaction and on its connection, a few
   * statements prepared once per connection run once per message — the same rows, a fraction of
   * the time. A retry already stored is skipped by its unique key (`on conflict do nothing`).
   */
  const writeBatchSqlite = async (items: readonly PendingMessage[]): Promise<WrittenMessage[]> => {
    const started: Started = [];
    const written = await strapi.db.transaction(async ({ trx }): Promise<WrittenMessage[]> => {
      const knex = strapi.db.connection;
      const now = new Date();
      const chatOfItem = await chatsOf(
        (sql, bindings) => knex.raw(sql, bindings as never[]).transacting(trx as never),
        items,
        now,
        started,
      );
      const statements = sqliteStatements(
        await (trx as unknown as { client: { acquireConnection(): Promise<SqliteConnection> } }).client.acquireConnection(),
      );
      const at = now.getTime();
      const { firstOfKey, candidates } = retries(items);
      const inserted = new Map<number, RawMessage>();
      const stored = new Map<string, RawMessage>();
      for (const index of candidates) {
        const item = items[index];
        const row = statements.insertMessage.get(
          documentId(),
          item.text,
          item.senderType,
          item.clientMessageId,
          item.dedupKey,
          at,
          at,
          at,
        ) as RawMessage | undefined;
        if (!row) {
          const earlier = statements.storedMessage.get(item.dedupKey) as RawMessage | undefined;
          if (earlier?.dedup_key) stored.set(earlier.dedup_key, earlier);
          continue;
        }
        inserted.set(index, row);
        statements.chatLink.run(row.id, (chatOfItem.get(index) as ChatRow).id, row.id);
        if (item.staffUserId) statements.staffLink.run(row.id, item.staffUserId);
      }
      const chats = new Map<number, ChatRow>();
      for (const [chatId, change] of chatChanges(items, chatOfItem, [...inserted.keys()])) {
        const row = statements.updateChat.get(
          change.last.text,
          change.last.senderType,
          at,
          change.waiting,
          change.waiting,
          change.consent ? 1 : 0,
          chatId,
        ) as RawChat | undefined;
        if (row) chats.set(chatId, chatOf(row));
      }
      return answers(items, chatOfItem, firstOfKey, inserted, stored, chats);
    });
    recordStarted(strapi, started);
    return written;
  };

  /**
   * PostgreSQL: one statement for the batch (decision 026), not a transaction of seven — under
   * load each round trip waits for a turn of the event loop, and a VALUES list of rows × columns
   * parameters costs more to bind and plan than the insert. The messages come in as one array a
   * column (`unnest`), a retry already stored is skipped by its unique key (`on conflict do
   * nothing`), the links follow the inserted rows, and each chat's last message, sender and
   * flags are computed from them in order. The chats are locked in id order first (`for no key
   * update`, which the links' foreign keys do not wait on): two instances never deadlock. One
   * statement commits as a whole, so what is acknowledged is stored. A batch with a chat's first
   * message creates the chat first (its own short transaction).
   */
  const writeBatchPostgres = async (items: readonly PendingMessage[]): Promise<WrittenMessage[]> => {
    const knex = strapi.db.connection;
    const now = new Date();
    const started: Started = [];
    const chatOfItem = items.every((item) => item.chat)
      ? new Map(items.map((item, index) => [index, item.chat as ChatRow]))
      : await strapi.db.transaction(({ trx }) =>
          chatsOf((sql, bindings) => knex.raw(sql, bindings as never[]).transacting(trx as never), items, now, started),
        );
    recordStarted(strapi, started);
    const { firstOfKey, candidates } = retries(items);
    const documents = candidates.map(() => documentId());
    const column = (pick: (item: PendingMessage, index: number) => unknown) =>
      pgTextArray(candidates.map((index) => pick(items[index], index)));
    const sql = `with input (document_id, text, sender_type, client_message_id, dedup_key, chat_id, staff_user_id, offline, consent, ord) as (
           select * from unnest(?::varchar[], ?::text[], ?::varchar[], ?::varchar[], ?::varchar[], ?::int[], ?::int[], ?::boolean[], ?::boolean[])
             with ordinality),
         ins as (
           insert into chat_messages (document_id, text, sender_type, client_message_id, dedup_key, created_at, updated_at, published_at)
           select document_id, text, sender_type, client_message_id, dedup_key, ?::timestamp, ?::timestamp, ?::timestamp from input order by ord
           on conflict (dedup_key) do nothing
           returning id, document_id, text, sender_type, created_at, client_message_id, dedup_key),
         fresh as (select ins.id, input.* from ins join input on input.document_id = ins.document_id),
         chat_links as (
           insert into chat_messages_chat_lnk (chat_message_id, chat_id, chat_message_ord) select id, chat_id, id from fresh),
         staff_links as (
           insert into chat_messages_staff_user_lnk (chat_message_id, staff_user_id)
           select id, staff_user_id from fresh where staff_user_id is not null),
         changes as (
           select chat_id,
             (array_agg(text order by ord desc))[1] as last_message,
             (array_agg(sender_type order by ord desc))[1] as last_sender,
             max(ord) filter (where sender_type = 'stand') as answered,
             max(ord) filter (where offline) as unanswered,
             bool_or(consent) as consent
           from fresh group by chat_id),
         locked as materialized (
           select id from chats where id in (select chat_id from changes) order by id for no key update),
         updated as (
           update chats set last_message = changes.last_message, last_sender = changes.last_sender, updated_at = ?::timestamp,
             waiting = case
               when changes.unanswered is not null and (changes.answered is null or changes.unanswered > changes.answered) then true
               when changes.answered is not null then false
               else coalesce(chats.waiting, false) end,
             lead_consent = coalesce(chats.lead_consent, false) or changes.consent
           from changes join locked on locked.id = changes.chat_id
           where chats.id = changes.chat_id
           returning chats.id, chats.key, chats.last_message, chats.last_sender, chats.waiting, chats.lead_consent, chats.updated_at)
         select 'm' as kind, id, document_id, text, sender_type, created_at, client_message_id, dedup_key,
           null::varchar as key, null::boolean as waiting, null::boolean as lead_consent from ins
         union all
         select 'c', id, null, last_message, last_sender, updated_at, null, null, key, waiting, lead_consent from updated`;
    const bindings = [
      pgTextArray(documents),
      column((item) => item.text),
      column((item) => item.senderType),
      column((item) => item.clientMessageId),
      column((item) => item.dedupKey),
      column((_, index) => (chatOfItem.get(index) as ChatRow).id),
      column((item) => item.staffUserId),
      column((item) => item.senderType === 'client' && item.offline),
      column((item) => item.senderType === 'client' && item.leadConsent),
      now,
      now,
      now,
      now,
    ] as never[];
    const rows = rowsOf<RawMessage & { kind: 'm' | 'c'; key: string | null; waiting: boolean | null; lead_consent: boolean | null }>(
      await knex.raw(sql, bindings),
    );
    const byDocument = new Map<string, RawMessage>();
    const chats = new Map<number, ChatRow>();
    for (const row of rows) {
      if (row.kind === 'm') byDocument.set(String(row.document_id), row);
      else
        chats.set(
          Number(row.id),
          chatOf({
            id: row.id,
            key: String(row.key),
            last_message: row.text,
            last_sender: row.sender_type,
            waiting: row.waiting,
            lead_consent: row.lead_consent,
            updated_at: row.created_at,
          }),
        );
    }
    // Retries stored before (by this instance or another): answered with the stored message.
    const inserted = new Map<number, RawMessage>();
    candidates.forEach((index, n) => {
      const row = byDocument.get(documents[n]);
      if (row) inserted.set(index, row);
    });
    const skipped = candidates.filter((index) => !inserted.has(index) && items[index].dedupKey);
    const stored = new Map<string, RawMessage>();
    if (skipped.length > 0) {
      const found = rowsOf<RawMessage>(
        await knex.raw(
          `select m.id, m.text, m.sender_type, m.created_at, m.client_message_id, m.dedup_key, l.chat_id ` +
            `from chat_messages m join chat_messages_chat_lnk l on l.chat_message_id = m.id where m.dedup_key = any(?::varchar[])`,
          [pgTextArray(skipped.map((index) => items[index].dedupKey))] as never[],
        ),
      );
      for (const row of found) if (row.dedup_key) stored.set(row.dedup_key, row);
    }
    return answers(items, chatOfItem, firstOfKey, inserted, stored, chats);
  };

  const writeBatch = (items: readonly PendingMessage[]): Promise<WrittenMessage[]> =>
    strapi.db.dialect.client === 'postgres' ? writeBatchPostgres(items) : writeBatchSqlite(items);

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
