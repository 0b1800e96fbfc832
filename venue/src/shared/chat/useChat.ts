import { useCallback, useEffect, useRef, useState } from 'react';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { CHAT_ERRORS, CHAT_EVENTS, CHAT_LIMITS } from '@plataforma/adapter/chat-constants';
import type {
  ChatMessage,
  ChatOpenAck,
  ChatPresence,
  ChatSendAck,
  ChatSender,
  ChatSummary,
  ChatTyping,
  MessageKey,
} from '@plataforma/adapter';

/** The socket's state as the screens show it. */
export type ChatConnection = 'connecting' | 'online' | 'offline';

/** A message of the conversation: stored (with its id), or on its way from this side. */
export interface ChatEntry {
  /** The stored id, or the client-side id while sending. */
  key: string;
  id: number | null;
  text: string;
  senderType: ChatSender;
  createdAt: string;
  clientMessageId: string | null;
  status: 'sending' | 'sent' | 'failed';
  error?: MessageKey;
}

/** The options of every live socket: the session token in socket.io's auth. */
export const chatSocketOptions = (token: string): Partial<ManagerOptions & SocketOptions> => ({
  path: '/socket.io',
  auth: { token },
  transports: ['websocket', 'polling'],
  // SPEC §9: the client itself checks the connection every 2 s and reconnects (liveReconnect).
  reconnection: false,
  // A connection attempt that hangs fails within 8 s (socket.io's default is 20 s), then is tried again.
  timeout: 8_000,
  autoConnect: true,
});

/** How the chat opens its socket: the same origin. Tests replace it. */
export const chatSocketFactory = {
  create: (token: string): Socket => io(window.location.origin, chatSocketOptions(token)),
};

/**
 * SPEC §9 for every live socket: every 2 s, a socket that is neither connected nor trying is connected again.
 * `socket.active` cannot tell: after the server goes away ('transport close') socket.io keeps the socket's
 * subscriptions, so `active` stays true while nothing will ever reconnect it (issue 56, item 1). The attempt is
 * followed here instead: from `connect()` until `connect` or `connect_error`. Returns the stop function.
 */
export const liveReconnect = (socket: Socket, onRetry?: () => void): (() => void) => {
  let trying = true;
  const settle = () => {
    trying = false;
  };
  socket.on('connect', settle);
  socket.on('connect_error', settle);
  socket.on('disconnect', settle);
  const check = setInterval(() => {
    if (socket.connected || trying) return;
    trying = true;
    onRetry?.();
    socket.connect();
  }, CHAT_LIMITS.reconnectCheckMs);
  return () => clearInterval(check);
};

const newId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

const stored = (message: ChatMessage): ChatEntry => ({
  key: String(message.id),
  id: message.id,
  text: message.text,
  senderType: message.senderType,
  createdAt: message.createdAt,
  clientMessageId: message.clientMessageId,
  status: 'sent',
});

/** Adds stored messages, replacing this side's pending copies (same client id) and never twice; ordered by id, pending last. */
export const mergeMessages = (entries: ChatEntry[], messages: ChatMessage[]): ChatEntry[] => {
  let next = entries;
  for (const message of messages) {
    if (next.some((entry) => entry.id === message.id)) continue;
    const pending = message.clientMessageId
      ? next.findIndex(
          (entry) => entry.id === null && entry.clientMessageId === message.clientMessageId && entry.senderType === message.senderType,
        )
      : -1;
    next = pending >= 0 ? next.map((entry, index) => (index === pending ? stored(message) : entry)) : [...next, stored(message)];
  }
  const sent = next.filter((entry) => entry.id !== null).sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
  return [...sent, ...next.filter((entry) => entry.id === null)];
};

const errorOf = (error: unknown): MessageKey => {
  const message = (error as { message?: string } | undefined)?.message;
  if (message === CHAT_ERRORS.unauthorized || message === CHAT_ERRORS.tooManySockets) return message;
  return 'api.error.network';
};

export interface UseChatOptions {
  token: string | null;
  standId: number;
  /** The client of the conversation (staff must name it; a client's own is the default). */
  clientId?: number;
  /** Which side this screen writes as. */
  side: ChatSender;
  enabled?: boolean;
  /** A chat of the stand changed (an attendant's inbox, live). */
  onUpdated?: (summary: ChatSummary) => void;
}

/**
 * One conversation over the live chat's socket (SPEC §7): opens it with its history, catches up
 * with `since` after a reconnection, sends with a client id (a retry is stored once), follows
 * presence and typing. The socket closes when the screen goes (SPEC §4: closing disconnects).
 */
export const useChat = ({ token, standId, clientId, side, enabled = true, onUpdated }: UseChatOptions) => {
  const [connection, setConnection] = useState<ChatConnection>('connecting');
  const [entries, setEntries] = useState<ChatEntry[]>([]);
  const [online, setOnline] = useState<boolean | null>(null);
  const [attended, setAttended] = useState(true);
  const [otherTyping, setOtherTyping] = useState(false);
  const [error, setError] = useState<MessageKey | null>(null);
  const socketRef = useRef<Socket | null>(null);
  const lastId = useRef(0);
  const updated = useRef(onUpdated);
  updated.current = onUpdated;

  useEffect(() => {
    lastId.current = entries.reduce((max, entry) => Math.max(max, entry.id ?? 0), lastId.current);
  }, [entries]);

  useEffect(() => {
    if (!enabled || !token) return undefined;
    setEntries([]);
    lastId.current = 0;
    setConnection('connecting');
    const socket = chatSocketFactory.create(token);
    socketRef.current = socket;
    let typingTimer: ReturnType<typeof setTimeout> | undefined;

    const open = () => {
      socket.emit(
        CHAT_EVENTS.open,
        { standId, ...(clientId ? { clientId } : {}), fetchMessages: true, ...(lastId.current ? { since: lastId.current } : {}) },
        (answer: ChatOpenAck) => {
          if (!answer.ok) {
            setError(answer.msg);
            return;
          }
          setError(null);
          setOnline(answer.online);
          setAttended(answer.attended !== false);
          setEntries((current) => mergeMessages(current, answer.messages));
        },
      );
    };
    socket.on('connect', () => {
      setConnection('online');
      open();
    });
    // While the connection is down nobody knows whether the stand is attended: presence is unknown (null).
    socket.on('disconnect', () => {
      setConnection('offline');
      setOnline(null);
    });
    socket.on('connect_error', (reason: unknown) => {
      setConnection('offline');
      setOnline(null);
      // An ended session, or too many tabs open with it (CHAT_SOCKETS_PER_SESSION): said so.
      const key = errorOf(reason);
      if (key === CHAT_ERRORS.unauthorized || key === CHAT_ERRORS.tooManySockets) setError(key);
    });
    socket.on(CHAT_EVENTS.message, (message: ChatMessage) => {
      setEntries((current) => mergeMessages(current, [message]));
      // The other side's message has come: it is no longer typing it.
      if (message.senderType !== side) {
        clearTimeout(typingTimer);
        setOtherTyping(false);
      }
    });
    socket.on(CHAT_EVENTS.presence, (presence: ChatPresence) => {
      if (presence.standId === standId) setOnline(presence.online);
    });
    socket.on(CHAT_EVENTS.typing, (typing: ChatTyping) => {
      if (typing.senderType === side) return;
      setOtherTyping(typing.typing);
      clearTimeout(typingTimer);
      if (typing.typing) typingTimer = setTimeout(() => setOtherTyping(false), 5_000);
    });
    socket.on(CHAT_EVENTS.updated, (summaries: ChatSummary[]) => summaries.forEach((summary) => updated.current?.(summary)));
    socket.on(CHAT_EVENTS.error, ({ msg }: { msg: MessageKey }) => setError(msg));

    // SPEC §9: every 2 s, a lost connection is tried again (the catch-up comes with chat_open's `since`).
    const stopChecking = liveReconnect(socket, () => setConnection('connecting'));

    return () => {
      stopChecking();
      clearTimeout(typingTimer);
      socket.removeAllListeners();
      socket.close();
      socketRef.current = null;
    };
  }, [token, standId, clientId, side, enabled]);

  const deliver = useCallback(
    (entry: ChatEntry, leadConsent?: boolean) => {
      const socket = socketRef.current;
      const event = side === 'client' ? CHAT_EVENTS.clientMessage : CHAT_EVENTS.standMessage;
      const fail = (msg: MessageKey) =>
        setEntries((current) => current.map((item) => (item.key === entry.key ? { ...item, status: 'failed', error: msg } : item)));
      if (!socket?.connected) return fail('api.error.network');
      socket
        .timeout(10_000)
        .emit(
          event,
          { text: entry.text, clientMessageId: entry.clientMessageId, ...(leadConsent ? { leadConsent: true } : {}) },
          (timeout: Error | null, answer?: ChatSendAck) => {
            if (timeout || !answer) return fail('api.error.network');
            if (!answer.ok) return fail(answer.msg);
            setEntries((current) => mergeMessages(current, [answer.message]));
          },
        );
    },
    [side],
  );

  /** Sends a message (trimmed; blank never sent). False when nothing was sent. */
  const send = useCallback(
    (raw: string, options: { leadConsent?: boolean } = {}): boolean => {
      const text = raw.trim();
      if (!text || [...text].length > CHAT_LIMITS.textMax || connection !== 'online') return false;
      const clientMessageId = newId();
      const entry: ChatEntry = {
        key: clientMessageId,
        id: null,
        text,
        senderType: side,
        createdAt: new Date().toISOString(),
        clientMessageId,
        status: 'sending',
      };
      setEntries((current) => [...current, entry]);
      deliver(entry, options.leadConsent);
      return true;
    },
    [connection, deliver, side],
  );

  /** Sends a failed message again, with the same client id (stored once whatever happened before). */
  const retry = useCallback(
    (key: string) => {
      const entry = entries.find((item) => item.key === key && item.status === 'failed');
      if (!entry) return;
      setEntries((current) => current.map((item) => (item.key === key ? { ...item, status: 'sending', error: undefined } : item)));
      deliver(entry);
    },
    [deliver, entries],
  );

  const typingSent = useRef(0);
  /** Tells the other side this one is typing (at most once every 2 s). */
  const typing = useCallback(() => {
    const now = Date.now();
    if (now - typingSent.current < 2_000) return;
    typingSent.current = now;
    socketRef.current?.emit(CHAT_EVENTS.typing, { typing: true });
  }, []);

  return { connection, entries, online, attended, otherTyping, error, send, retry, typing };
};

export type ChatState = ReturnType<typeof useChat>;

/**
 * The attendant's inbox, live: a socket that only listens to `chat_updated` (the stand's changed chats; an attendant's
 * socket joins the inbox of each of their stands when it connects), reconnecting every 2 s. What changed while it was
 * down is not replayed: `onReconnected` (each connection after the first) lets the screen read its list again.
 */
export const useChatInbox = (token: string | null, onUpdated: (summary: ChatSummary) => void, onReconnected?: () => void) => {
  const [connection, setConnection] = useState<ChatConnection>('connecting');
  const handler = useRef(onUpdated);
  handler.current = onUpdated;
  const reconnected = useRef(onReconnected);
  reconnected.current = onReconnected;
  useEffect(() => {
    if (!token) return undefined;
    const socket = chatSocketFactory.create(token);
    let connections = 0;
    socket.on('connect', () => {
      setConnection('online');
      connections += 1;
      if (connections > 1) reconnected.current?.();
    });
    socket.on('disconnect', () => setConnection('offline'));
    socket.on('connect_error', () => setConnection('offline'));
    socket.on(CHAT_EVENTS.updated, (summaries: ChatSummary[]) => summaries.forEach((summary) => handler.current(summary)));
    const stopChecking = liveReconnect(socket, () => setConnection('connecting'));
    return () => {
      stopChecking();
      socket.removeAllListeners();
      socket.close();
    };
  }, [token]);
  return connection;
};
