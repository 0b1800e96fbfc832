import i18next from 'i18next';
import { LANGUAGES, type Language } from '@plataforma/adapter/constants';
import { formatTimeOfDay } from '@plataforma/adapter/dates';
import { timeAgo } from '@plataforma/adapter/dates-i18n';

const language = (): Language => {
  const current = i18next.language as Language;
  return (LANGUAGES as readonly string[]).includes(current) ? current : 'pt';
};

/** A message's time of day in the event's zone (the product's when it is not known), never the reader's machine's (issue 16). */
export const formatTime = (iso: string, timeZone?: string): string => formatTimeOfDay(iso, timeZone);

/** How long ago, in words of the interface's language ('há 3 minutos'). */
export const ago = (iso: string, now: number = Date.now()): string => timeAgo(iso, language(), now);
