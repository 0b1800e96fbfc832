import dayjs from 'dayjs';
import i18next from 'i18next';
import { LANGUAGES, type Language } from '@plataforma/adapter/constants';
import { timeAgo } from '@plataforma/adapter/dates-i18n';

const language = (): Language => {
  const current = i18next.language as Language;
  return (LANGUAGES as readonly string[]).includes(current) ? current : 'pt';
};

/** A message's time of day (the reader's clock). */
export const formatTime = (iso: string): string => dayjs(iso).format('HH:mm');

/** How long ago, in words of the interface's language ('há 3 minutos'). */
export const ago = (iso: string, now: number = Date.now()): string => timeAgo(iso, language(), now);
