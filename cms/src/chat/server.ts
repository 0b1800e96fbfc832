import type { Core } from '@strapi/strapi';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import {
  CHAT_ERRORS,
  CHAT_EVENTS,
  CHAT_LIMITS,
  chatOpenSchema,
  chatSendSchema,
  chatTypingSchema,
  type ChatOpenAck,
  type ChatSendAck,
  type ChatSender,
  type ChatSummary,
  type MessageKey,
} from '@plataforma/adapter';
import { hasNul } from '@plataforma/adapter/server';
import { logActivity } from '../activity/log';
import { identify } from '../auth/strategy';
import type { Identity } from '../auth/identity';
import { settings } from '../lib/settings';
import { accountRoom, sessionRoom, setChatHooks } from './registry';
import { TokenBucket } from './rate';
import { socketAddress, socketCaps } from './socket-caps';
import { chatKey, chatStore, summaryOf, type ChatRow } from './store';
import { checkText } from './text';
import { chatWriter } from './writer';

/** Rooms: one per chat, a stand's attendants (presence), its inbox (list updates), its visitors (presence pushes). */
const chatRoom = (standId: number, clientId: number) => `chat:${standId}:${clientId}`;
const attendantsRoom = (standId: number) => `attendants:${standId}`;
const inboxRoom = (standId: number) => `inbox:${standId}`;
const visitorsRoom = (standId: number) => `visitors:${standId}`;

/** How long an instance trusts its last check that an attendant still works on a stand. */
const ASSIGNMENT_TTL_MS = 5_000;

/** How long an instance trusts its last look at a stand's presence (it also refreshes on every attendant connect/disconnect it sees). */
const PRESENCE_TTL_MS = 2_000;

interface OpenChat {
  standId: number;
  clientId: number;
  client: { id: number; name: string | null; email: string | null };
  chat: ChatRow | null;
}

interface SocketState {
  who: Identity;
  open: OpenChat | null;
  bucket: TokenBucket;
  stands: number[];
  /** Gives back the socket's place in its session's and address's caps (socket-caps.ts). */
  release: () => void;
}

type Ack<T> = (answer: T) => void;

const tokenOf = (socket: Socket): string | null => {
  const fromAuth = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
  if (typeof fromAuth === 'string' && fromAuth) return fromAuth;
  const fromQuery = socket.handshake.query.token;
  const value = Array.isArray(fromQuery) ? fromQuery[0] : fromQuery;
  return typeof value === 'string' && value ? value : null;
};

const isAttendant = (who: Identity) => who.kind === 'staff' && who.role === 'attendant';

export interface ChatServer {
  io: Server;
  close(): Promise<void>;
}

/**
 * The live chat (SPEC §7, decision 026): socket.io on Strapi's own HTTP server, the session
 * token checked at the handshake, each socket in the rooms it may see, every message stored
 * before it is acknowledged and broadcast. With REDIS_URL several instances share rooms.
 */
export const startChat = (strapi: Core.Strapi): ChatServer => {
  const config = settings();
  const caps = socketCaps(() => ({ perSession: settings().chat.socketsPerSession, perIp: settings().chat.socketsPerIp }));
  const io = new Server(strapi.server.httpServer, {
    path: '/socket.io',
    serveClient: false,
    maxHttpBufferSize: CHAT_LIMITS.maxPayloadBytes,
    cors: { origin: [...config.server.corsOrigins], credentials: true },
  });
  const redis: Redis[] = [];
  if (config.chat.redisUrl) {
    const pub = new Redis(config.chat.redisUrl, { maxRetriesPerRequest: null });
    const sub = pub.duplicate();
    for (const client of [pub, sub]) {
      client.on('error', (error: Error) => strapi.log.error(`[chat] Redis: ${error.message}`));
      redis.push(client);
    }
    io.adapter(createAdapter(pub, sub, { key: `${config.chat.redisPrefix}#socket.io` }));
  }
  const store = chatStore(strapi);
  const writer = chatWriter(strapi, async (item) =>
    store.addMessage(item.chat ?? (await store.ensureChat(item.standId, item.clientId)), {
      text: item.text,
      senderType: item.senderType,
      clientMessageId: item.clientMessageId ?? undefined,
      staffUserId: item.staffUserId ?? undefined,
      waiting: item.senderType === 'stand' ? false : Boolean(item.chat?.waiting) || item.offline,
      leadConsent: item.leadConsent,
    }),
  );

  // ---------------------------------------------------------------- presence

  // Looking (fetchSockets) asks every instance through Redis: one look per stand at a time, and a
  // send is answered from the last look while a newer one runs (never waiting on the other instances).
  const presence = new Map<number, { online: boolean; at: number }>();
  const looking = new Map<number, Promise<boolean>>();
  const lookUp = (standId: number, again = false): Promise<boolean> => {
    const running = looking.get(standId);
    if (running && !again) return running;
    const look = io
      .in(attendantsRoom(standId))
      .fetchSockets()
      .then((sockets) => {
        const online = sockets.length > 0;
        presence.set(standId, { online, at: Date.now() });
        return online;
      })
      .finally(() => {
        if (looking.get(standId) === look) looking.delete(standId);
      });
    looking.set(standId, look);
    return look;
  };
  const isOnline = async (standId: number, fresh = false): Promise<boolean> => {
    const known = presence.get(standId);
    if (fresh || !known) return lookUp(standId, fresh);
    if (Date.now() - known.at >= PRESENCE_TTL_MS)
      void lookUp(standId).catch((error: Error) => strapi.log.warn(`[chat] presence: ${error.message}`));
    return known.online;
  };
  const announcePresence = async (standId: number) => {
    const online = await isOnline(standId, true);
    io.to(visitorsRoom(standId)).emit(CHAT_EVENTS.presence, { standId, online });
  };

  // ---------------------------------------------------------------- the inbox's live updates

  // A stand's inbox (every attendant socket of the stand) hears of a change at once when it was
  // quiet, then at most once a second with every chat changed meanwhile: one packet per socket
  // instead of one per message, whatever the stand's traffic.
  const inboxes = new Map<number, { pending: Map<number, ChatSummary>; timer: NodeJS.Timeout }>();
  const flushInbox = (standId: number) => {
    const inbox = inboxes.get(standId);
    if (!inbox) return;
    if (inbox.pending.size === 0) {
      inboxes.delete(standId);
      return;
    }
    io.to(inboxRoom(standId)).emit(CHAT_EVENTS.updated, [...inbox.pending.values()]);
    inbox.pending.clear();
    inbox.timer = setTimeout(() => flushInbox(standId), CHAT_LIMITS.inboxUpdateMs);
  };
  const notifyInbox = (standId: number, summary: ChatSummary) => {
    const inbox = inboxes.get(standId);
    if (inbox) {
      inbox.pending.delete(summary.id);
      inbox.pending.set(summary.id, summary);
      return;
    }
    inboxes.set(standId, { pending: new Map([[summary.id, summary]]), timer: setTimeout(() => flushInbox(standId), 0) });
  };

  // ---------------------------------------------------------------- assignments

  // Whether an attendant works on a stand: looked up at most once per ASSIGNMENT_TTL_MS per
  // attendant and stand, however many sockets they have (a lookup under way is shared) — not once
  // per socket, which put a burst of a thousand lookups every 5 s in the writer's way.
  const assignments = new Map<string, { at: number; value: Promise<boolean> }>();
  const stillAssigned = (staffId: number, standId: number, fresh = false): Promise<boolean> => {
    const key = `${staffId}:${standId}`;
    const known = assignments.get(key);
    if (known && !fresh && Date.now() - known.at <= ASSIGNMENT_TTL_MS) return known.value;
    for (const [other, entry] of assignments) if (Date.now() - entry.at > ASSIGNMENT_TTL_MS) assignments.delete(other);
    const value = store.isAttendantOf(staffId, standId);
    assignments.set(key, { at: Date.now(), value });
    value.catch(() => assignments.delete(key));
    return value;
  };

  // ---------------------------------------------------------------- order per chat

  // Sends of one chat run one after the other in this process, so ids follow the order they came in.
  const queues = new Map<string, Promise<unknown>>();
  const serially = <T>(key: string, task: () => Promise<T>): Promise<T> => {
    const previous = queues.get(key) ?? Promise.resolve();
    const run = previous.then(task, task);
    const settled = run.catch(() => undefined);
    queues.set(key, settled);
    void settled.then(() => {
      if (queues.get(key) === settled) queues.delete(key);
    });
    return run;
  };

  // ---------------------------------------------------------------- handshake

  io.use((socket, next) => {
    const token = tokenOf(socket);
    if (!token) return next(new Error(CHAT_ERRORS.unauthorized));
    identify(strapi, token, ['staff', 'client'])
      .then((result) => {
        if (!result.authenticated || !result.credentials) return next(new Error(CHAT_ERRORS.unauthorized));
        const who = result.credentials;
        // Counted at once, with no await before: parallel handshakes of one session cannot all pass.
        const release = caps.take(who.jti, socketAddress(socket.request, config.server.trustedProxies));
        if (!release) return next(new Error(CHAT_ERRORS.tooManySockets));
        // A client gone before the connection completes never emits 'disconnect': its place is given back here.
        socket.conn.once('close', release);
        const state: SocketState = {
          release,
          who,
          open: null,
          bucket: new TokenBucket(config.chat.ratePerSecond, config.chat.rateBurst),
          stands: [],
        };
        socket.data = state;
        next();
      })
      .catch((error: Error) => {
        strapi.log.error(`[chat] handshake: ${error.message}`);
        next(new Error(CHAT_ERRORS.internal));
      });
  });

  const refuseOpen = async (who: Identity, standId: number, clientId: number | undefined) => {
    await logActivity(strapi, {
      action: 'chat.refused',
      description: `Acesso recusado à conversa do estande ${standId}${clientId ? ` com o cliente ${clientId}` : ''}.`,
      actor: { id: who.id, name: who.name, email: who.email, staff: who.kind === 'staff' },
    });
  };

  io.on('connection', (socket) => {
    const state = socket.data as SocketState;
    const { who } = state;
    void socket.join([sessionRoom(who.jti), accountRoom(who.kind, who.id)]);

    if (isAttendant(who)) {
      void store
        .standsOf(who.id)
        .then(async (stands) => {
          state.stands = stands;
          await socket.join(stands.flatMap((standId) => [attendantsRoom(standId), inboxRoom(standId)]));
          for (const standId of stands) await announcePresence(standId);
        })
        .catch((error: Error) => strapi.log.error(`[chat] attendant stands: ${error.message}`));
    }

    /** One handler: payloads checked, every failure answered (never thrown at the process). */
    const on = <T>(
      event: string,
      handler: (payload: unknown, reply: Ack<T | { ok: false; msg: MessageKey }>, hasAck: boolean) => Promise<void>,
    ) =>
      socket.on(event, (payload: unknown, ack?: unknown) => {
        const hasAck = typeof ack === 'function';
        const reply = (answer: T | { ok: false; msg: MessageKey }) => {
          if (hasAck) (ack as Ack<typeof answer>)(answer);
          else if ((answer as { ok?: boolean }).ok === false) socket.emit(CHAT_EVENTS.error, { msg: (answer as { msg: MessageKey }).msg });
        };
        // A NUL in any string of the payload: refused before it is parsed or stored (issue 47).
        if (hasNul(payload)) return reply({ ok: false, msg: CHAT_ERRORS.nul });
        handler(payload, reply, hasAck).catch((error: Error) => {
          strapi.log.error(`[chat] ${event}: ${error.message}`);
          reply({ ok: false, msg: CHAT_ERRORS.internal });
        });
      });

    on<ChatOpenAck>(CHAT_EVENTS.open, async (payload, reply, hasAck) => {
      const parsed = chatOpenSchema.safeParse(payload);
      if (!parsed.success) return reply({ ok: false, msg: CHAT_ERRORS.invalid });
      const { standId, fetchMessages, since } = parsed.data;
      let clientId: number;
      if (who.kind === 'client') {
        if (parsed.data.clientId !== undefined && parsed.data.clientId !== who.id) {
          await refuseOpen(who, standId, parsed.data.clientId);
          return reply({ ok: false, msg: CHAT_ERRORS.forbidden });
        }
        clientId = who.id;
      } else {
        if (parsed.data.clientId === undefined) return reply({ ok: false, msg: CHAT_ERRORS.invalid });
        clientId = parsed.data.clientId;
      }
      if (!(await store.standExists(standId))) return reply({ ok: false, msg: CHAT_ERRORS.standNotFound });
      if (isAttendant(who) && !(await stillAssigned(who.id, standId, true))) {
        await refuseOpen(who, standId, clientId);
        return reply({ ok: false, msg: CHAT_ERRORS.forbidden });
      }
      const client = who.kind === 'client' ? { id: who.id, name: who.name, email: who.email } : await store.clientOf(clientId);
      if (!client) return reply({ ok: false, msg: CHAT_ERRORS.forbidden });

      // One chat at a time per socket: the previous one's rooms are left.
      if (state.open) {
        await socket.leave(chatRoom(state.open.standId, state.open.clientId));
        if (who.kind === 'client') await socket.leave(visitorsRoom(state.open.standId));
      }
      const chat = await store.findChat(standId, clientId);
      state.open = { standId, clientId, client, chat };
      await socket.join(who.kind === 'client' ? [chatRoom(standId, clientId), visitorsRoom(standId)] : [chatRoom(standId, clientId)]);
      // A soft session (an e-mail only) reads only what was written since it began: never the
      // account's earlier conversation (issue 47, item 5, decision 101). Its own chat works as before.
      const from = who.kind === 'client' && who.soft ? new Date(who.startedAt ?? Date.now()) : undefined;
      const messages = fetchMessages && chat ? await store.history(chat.id, since ?? 0, from) : [];
      const online = await isOnline(standId);
      const attended = online || (await store.attended(standId));
      if (!hasAck) for (const message of messages) socket.emit(CHAT_EVENTS.message, message);
      reply({ ok: true, chatId: chat?.id ?? null, standId, clientId, messages, online, attended });
    });

    const send = (side: ChatSender) =>
      on<ChatSendAck>(side === 'client' ? CHAT_EVENTS.clientMessage : CHAT_EVENTS.standMessage, async (payload, reply, hasAck) => {
        const parsed = chatSendSchema.safeParse(payload);
        if (!parsed.success) return reply({ ok: false, msg: CHAT_ERRORS.invalid });
        if (side === 'client' && who.kind !== 'client') return reply({ ok: false, msg: CHAT_ERRORS.wrongSide });
        if (side === 'stand' && who.kind === 'client') return reply({ ok: false, msg: CHAT_ERRORS.wrongSide });
        const open = state.open;
        if (!open) return reply({ ok: false, msg: CHAT_ERRORS.notOpen });
        const text = checkText(parsed.data.text);
        if (!text.ok) return reply(text);
        if (!state.bucket.take()) return reply({ ok: false, msg: CHAT_ERRORS.rateLimited });
        const { standId, clientId } = open;
        // In arrival order per chat: the chat is found (or created by its first message) one send
        // after another, then the message joins the writer's queue, which keeps that order.
        const queued = await serially(`${standId}:${clientId}`, async () => {
          // An attendant unassigned since opening the chat no longer answers it (checked again every 5 s).
          // Admins answer any stand's chat (issue 56, item 2: a stand nobody attends still gets its answer).
          if (side === 'stand' && isAttendant(who) && !(await stillAssigned(who.id, standId))) return null;
          const clientMessageId = parsed.data.clientMessageId ?? null;
          return {
            written: writer.write({
              chat: open.chat,
              standId,
              clientId,
              text: text.text,
              senderType: side,
              clientMessageId,
              dedupKey: clientMessageId ? `${chatKey(standId, clientId)}|${side}|${clientMessageId}` : null,
              staffUserId: side === 'stand' ? who.id : null,
              offline: side === 'client' && !(await isOnline(standId)),
              leadConsent: side === 'client' && Boolean(parsed.data.leadConsent),
            }),
          };
        });
        if (!queued) return reply({ ok: false, msg: CHAT_ERRORS.forbidden });
        const stored = await queued.written;
        open.chat = stored.chat;
        const { message, chat, duplicate } = stored;
        reply({ ok: true, message, duplicate });
        if (duplicate) return;
        // The sender has it in the acknowledgement; a sender that asked for none (SPEC §7's bare emit) gets it here too.
        (hasAck ? socket.to(chatRoom(standId, clientId)) : io.to(chatRoom(standId, clientId))).emit(CHAT_EVENTS.message, message);
        notifyInbox(standId, summaryOf(chat, standId, open.client));
      });
    send('client');
    send('stand');

    socket.on(CHAT_EVENTS.typing, (payload: unknown) => {
      if (hasNul(payload)) return;
      const parsed = chatTypingSchema.safeParse(payload);
      const open = state.open;
      if (!parsed.success || !open) return;
      const senderType: ChatSender = who.kind === 'client' ? 'client' : 'stand';
      socket.to(chatRoom(open.standId, open.clientId)).volatile.emit(CHAT_EVENTS.typing, { senderType, typing: parsed.data.typing });
    });

    socket.on('disconnect', () => {
      state.release();
      if (!isAttendant(who)) return;
      for (const standId of state.stands) {
        presence.delete(standId);
        void announcePresence(standId).catch((error: Error) => strapi.log.error(`[chat] presence: ${error.message}`));
      }
    });
  });

  setChatHooks({
    endSessions: (jtis) => io.in(jtis.map(sessionRoom)).disconnectSockets(true),
    endAccount: (audience, accountId) => io.in(accountRoom(audience, accountId)).disconnectSockets(true),
  });

  return {
    io,
    close: async () => {
      setChatHooks(null);
      for (const inbox of inboxes.values()) clearTimeout(inbox.timer);
      inboxes.clear();
      io.local.disconnectSockets(true);
      // The engine only: the HTTP server is Strapi's, which closes it itself.
      io.engine.close();
      await Promise.all(redis.map((client) => client.quit().catch(() => undefined)));
    },
  };
};
