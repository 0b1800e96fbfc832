import type { MessageKey } from './messages';

// The live chat's constants, zod-free so the venue's first load can import them (the contract is contracts/chat.ts).

/**
 * The live chat's socket events (SPEC §7 "Live chat", kept as written; the rest are backwards
 * compatible additions). The socket connects to the server's base address (path /socket.io)
 * with the session token in socket.io's `auth: { token }` or the `token` query parameter.
 */
export const CHAT_EVENTS = {
  /** emit {standId, clientId?, fetchMessages?, since?} → ack ChatOpenAck. */
  open: 'chat_open',
  /** emit {text, clientMessageId?, leadConsent?} (a client) → ack ChatSendAck. */
  clientMessage: 'chat_client_message',
  /** emit {text, clientMessageId?} (an attendant of the stand) → ack ChatSendAck. */
  standMessage: 'chat_stand_message',
  /**
   * receive ChatMessage: every message of the open chat, both sides; the sending socket gets its
   * own message in the acknowledgement instead when it asked for one (its other tabs get it here).
   */
  message: 'chat_message',
  /** emit {typing} / receive {senderType, typing}: the other side is typing (volatile). */
  typing: 'chat_typing',
  /** receive ChatPresence: whether an attendant of the open chat's stand is online now. */
  presence: 'chat_presence',
  /**
   * receive ChatSummary[]: chats of one of the attendant's stands changed (the list's live update),
   * one entry per chat, newest last; at most one packet per stand every `inboxUpdateMs`.
   */
  updated: 'chat_updated',
  /** receive {msg}: the server refused something that had no acknowledgement to answer. */
  error: 'chat_error',
} as const;

/** SPEC §9 timings and the chat's limits. */
export const CHAT_LIMITS = {
  /** Characters of a message, after trimming. */
  textMax: 2000,
  /** The chats list's last-message preview (SPEC §2.3). */
  previewLength: 70,
  /** The chats list's poll (SPEC §9). */
  listPollMs: 3000,
  /** A stand's inbox hears at most once in this time: its changes in between go in one chat_updated. */
  inboxUpdateMs: 1000,
  /** The client's connection check (SPEC §9). */
  reconnectCheckMs: 2000,
  /** Per socket: a token bucket of `rateBurst` messages refilled at `ratePerSecond`. */
  ratePerSecond: 5,
  rateBurst: 10,
  /** Messages answered by one chat_open (the newest ones; `since` narrows further). */
  historyMax: 200,
  /** socket.io's maxHttpBufferSize: a bigger packet closes the connection. */
  maxPayloadBytes: 16 * 1024,
  /** A client-side message id (a retried send with the same id is stored once). */
  clientMessageIdMax: 64,
} as const;

/** The message keys of the chat (every one in the PT pack). */
export const CHAT_ERRORS = {
  /** connect: no token, an invalid one, or its session ended. */
  unauthorized: 'chat.error.unauthorized',
  invalid: 'chat.error.invalid',
  blank: 'chat.error.blank',
  tooLong: 'chat.error.tooLong',
  rateLimited: 'chat.error.rateLimited',
  /** chat_open of a chat the caller may not see (another client's, a stand not assigned). */
  forbidden: 'chat.error.forbidden',
  /** a send before chat_open. */
  notOpen: 'chat.error.notOpen',
  /** an admin reads; only the stand's attendants answer. */
  readOnly: 'chat.error.readOnly',
  /** a client writing with chat_stand_message or staff with chat_client_message. */
  wrongSide: 'chat.error.wrongSide',
  standNotFound: 'api.error.standNotFound',
  /** a payload with a NUL character (U+0000) in any string: refused as over HTTP (issue 47). */
  nul: 'api.error.nulCharacter',
  /** connect: the session, or the address, already has CHAT_SOCKETS_PER_SESSION / _PER_IP sockets open. */
  tooManySockets: 'chat.error.tooManySockets',
  internal: 'api.error.internal',
} as const satisfies Record<string, MessageKey>;
