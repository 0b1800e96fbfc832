import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import 'dayjs/locale/pt-br';
import 'dayjs/locale/de';
import type { Language } from './constants';

/**
 * Dates in words, per language pack (SPEC §9: month abbreviations for PT, EN and AL): dayjs's
 * pt-br, en and de locales and its relativeTime plugin ("há 3 minutos" in the chat list).
 */
export const DAYJS_LOCALE: Readonly<Record<Language, string>> = { pt: 'pt-br', en: 'en', al: 'de' };

let ready = false;
const words = () => {
  if (!ready) {
    dayjs.extend(relativeTime);
    ready = true;
  }
  return dayjs;
};

/** A month's name (1–12) in a language: short ('nov.', 'Nov', 'Nov.') or long ('novembro'). */
export const monthName = (month: number, language: Language, form: 'short' | 'long' = 'short'): string =>
  words()(new Date(2000, month - 1, 1))
    .locale(DAYJS_LOCALE[language])
    .format(form === 'short' ? 'MMM' : 'MMMM');

/** How long ago a moment was, in words of a language ('há 3 minutos', '3 minutes ago', 'vor 3 Minuten'). */
export const timeAgo = (value: string | number | Date, language: Language, now: number = Date.now()): string =>
  words()(value).locale(DAYJS_LOCALE[language]).from(now);
