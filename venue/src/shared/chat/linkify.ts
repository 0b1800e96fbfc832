/** A piece of a message: plain text, or a web address shown as a link. */
export type ChatPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// http(s) addresses and www. ones; a trailing punctuation mark stays outside the link.
const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;
const TRAILING = /[.,;:!?)\]}'"»]+$/;

/**
 * Splits a message into text and links (SPEC: messages are shown as text, never HTML). Only
 * http(s) addresses become links — never javascript:, data: or any other scheme.
 */
export const linkify = (message: string): ChatPart[] => {
  const parts: ChatPart[] = [];
  let last = 0;
  for (const match of message.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    const raw = match[0];
    const trailing = TRAILING.exec(raw)?.[0] ?? '';
    const text = raw.slice(0, raw.length - trailing.length);
    const href = /^https?:\/\//i.test(text) ? text : `https://${text}`;
    let valid = false;
    try {
      const url = new URL(href);
      valid = (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
    } catch {
      valid = false;
    }
    if (!valid) continue;
    if (start > last) parts.push({ kind: 'text', text: message.slice(last, start) });
    parts.push({ kind: 'link', text, href });
    last = start + text.length;
  }
  if (last < message.length) parts.push({ kind: 'text', text: message.slice(last) });
  return parts;
};
