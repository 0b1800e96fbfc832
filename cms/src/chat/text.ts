import { CHAT_ERRORS, CHAT_LIMITS, type MessageKey } from '@plataforma/adapter';

/** A message's text as stored: trimmed; blank and over-long refused with their keys. */
export const checkText = (raw: string): { ok: true; text: string } | { ok: false; msg: MessageKey } => {
  const text = raw.trim();
  if (!text) return { ok: false, msg: CHAT_ERRORS.blank };
  if ([...text].length > CHAT_LIMITS.textMax) return { ok: false, msg: CHAT_ERRORS.tooLong };
  return { ok: true, text };
};

/** The chats list's preview of a message (SPEC §2.3: 70 characters). */
export const preview = (text: string): string => {
  const chars = [...text];
  return chars.length <= CHAT_LIMITS.previewLength ? text : `${chars.slice(0, CHAT_LIMITS.previewLength).join('')}…`;
};
