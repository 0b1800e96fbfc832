import { z } from 'zod';
import { CHAT_SENDERS } from '../constants';
import type { MessageKey } from '../messages';
import { idSchema } from './common';

export { chatPaths } from './paths';

/** Who wrote a chat message: the client or the stand's attendant. */
export const chatSenderSchema = z.enum(CHAT_SENDERS);

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
  /** receive ChatMessage: every message of the open chat, both sides (the sender's own too). */
  message: 'chat_message',
  /** emit {typing} / receive {senderType, typing}: the other side is typing (volatile). */
  typing: 'chat_typing',
  /** receive ChatPresence: whether an attendant of the open chat's stand is online now. */
  presence: 'chat_presence',
  /** receive ChatSummary: a chat of one of the attendant's stands changed (the list's live update). */
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

const loose = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value), schema);

/** chat_open's payload. `clientId` is the client's own id (a client may leave it out); staff must send it. */
export const chatOpenSchema = z.object({
  standId: loose(idSchema),
  clientId: loose(idSchema).optional(),
  fetchMessages: z.boolean().optional(),
  /** The id of the last message this side has: history answers only newer ones. */
  since: loose(z.number().int().nonnegative()).optional(),
});
export type ChatOpen = z.infer<typeof chatOpenSchema>;

/** chat_client_message / chat_stand_message: the text is trimmed and checked by the server (keys below). */
export const chatSendSchema = z.object({
  text: z.string(),
  clientMessageId: z.string().min(1).max(CHAT_LIMITS.clientMessageIdMax).optional(),
  /** Client only, while no attendant is online: the stand may answer by e-mail (the lead). */
  leadConsent: z.boolean().optional(),
});
export type ChatSend = z.infer<typeof chatSendSchema>;

export const chatTypingSchema = z.object({ typing: z.boolean() });

/** One message on the wire. */
export const chatMessageSchema = z.object({
  id: idSchema,
  chatId: idSchema,
  text: z.string(),
  senderType: chatSenderSchema,
  createdAt: z.string(),
  clientMessageId: z.string().nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export type ChatOpenAck =
  | {
      ok: true;
      /** null until the first message creates the chat. */
      chatId: number | null;
      standId: number;
      clientId: number;
      /** Oldest first; empty unless fetchMessages. */
      messages: ChatMessage[];
      /** Whether an attendant of the stand is online now. */
      online: boolean;
    }
  | { ok: false; msg: MessageKey };

export type ChatSendAck = { ok: true; message: ChatMessage; duplicate: boolean } | { ok: false; msg: MessageKey };

export interface ChatPresence {
  standId: number;
  online: boolean;
}

export interface ChatTyping {
  senderType: z.infer<typeof chatSenderSchema>;
  typing: boolean;
}

/** A row of GET /api/cms/v1/stands/{standId}/chats (SPEC §3 Chat, §7 Stand chats). */
export const chatSummarySchema = z.object({
  id: idSchema,
  standId: idSchema,
  updatedAt: z.string(),
  lastMessage: z.string().nullable(),
  lastSender: chatSenderSchema.nullable(),
  Client: z.object({
    id: idSchema,
    name: z.string(),
    /** Only when the client agreed to be contacted (leadConsent). */
    email: z.string().nullable(),
  }),
  /** The client wrote while no attendant was online and the stand has not answered since: a lead. */
  waiting: z.boolean(),
  leadConsent: z.boolean(),
});
export type ChatSummary = z.infer<typeof chatSummarySchema>;

/** GET stands/{standId}/chats query (SPEC §7): every parameter optional, these values as the SPEC sends them. */
export const chatListQuerySchema = z.object({
  includeClients: z.enum(['true', 'false']).optional(),
  hasLastMessage: z.enum(['true', 'false']).optional(),
  order: z.enum(['updatedAt:desc', 'updatedAt:asc']).optional(),
});

/** A stand's contact request (the contact form), shown in the same inbox: GET stands/{standId}/contacts. */
export const standContactSchema = z.object({
  id: idSchema,
  createdAt: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  message: z.string(),
  /** False when it came through a soft session (an e-mail only, unverified). */
  verified: z.boolean(),
});
export type StandContact = z.infer<typeof standContactSchema>;

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
  internal: 'api.error.internal',
} as const satisfies Record<string, MessageKey>;
