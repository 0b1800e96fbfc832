import { z } from 'zod';
import { CHAT_SENDERS } from '../constants';
import type { MessageKey } from '../messages';
import { CHAT_LIMITS } from '../chat-constants';
import { idSchema } from './common';

export { chatPaths } from './paths';

/** Who wrote a chat message: the client or the stand's attendant. */
export const chatSenderSchema = z.enum(CHAT_SENDERS);

export { CHAT_EVENTS, CHAT_LIMITS, CHAT_ERRORS } from '../chat-constants';

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

/**
 * A chat message written outside the chat (the /admin Content Manager, decision 023): the same
 * text rules as a send (trimmed, not blank, at most 2,000 characters: checked with their keys by
 * the server), in a chat, by a side.
 */
export const chatMessageDocumentSchema = z.object({
  chatId: idSchema,
  text: z.string(),
  senderType: chatSenderSchema,
  staffUserId: idSchema.nullable().optional(),
  clientMessageId: z.string().min(1).max(CHAT_LIMITS.clientMessageIdMax).nullable().optional(),
});
export const chatMessageDocumentUpdateSchema = chatMessageDocumentSchema.partial();

/** A chat written outside the chat: between a stand and a client; its last message follows its messages. */
export const chatDocumentSchema = z.object({
  standId: idSchema,
  clientId: idSchema,
  waiting: z.boolean().nullable().optional(),
  leadConsent: z.boolean().nullable().optional(),
});
export const chatDocumentUpdateSchema = chatDocumentSchema.partial();

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
      /** False when the stand has no attendant at all: the event's organisers answer it (issue 56, item 2). */
      attended?: boolean;
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
  /** Issue 56, item 9 (decision 104); optional on the wire (the socket's live summaries leave them out). */
  /** The client's messages since the stand's last one: what the attendant has not answered. */
  unread: z.number().int().nonnegative().optional(),
  /** When the chat began (the visitor came to the stand's chat). */
  createdAt: z.string().optional(),
  /** The chat's stand and its event (the attendant's inbox across their stands). */
  stand: z.object({ id: idSchema, name: z.string() }).optional(),
  event: z.object({ id: idSchema, name: z.string() }).nullable().optional(),
});
export type ChatSummary = z.infer<typeof chatSummarySchema>;

/** GET stands/{standId}/chats query (SPEC §7): every parameter optional, these values as the SPEC sends them. */
export const chatListQuerySchema = z.object({
  includeClients: z.enum(['true', 'false']).optional(),
  hasLastMessage: z.enum(['true', 'false']).optional(),
  order: z.enum(['updatedAt:desc', 'updatedAt:asc']).optional(),
});

/** GET /api/cms/v1/chats/unanswered: chats of the attendant's stands whose last message is the client's. */
export interface ChatUnanswered {
  count: number;
}

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
