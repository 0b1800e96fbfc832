import { HTML_LANG, type Language } from '@plataforma/adapter/constants';

/**
 * Days and zones in words of the visitor's language pack, with the browser's own Intl (no date
 * library in the chunks that use them): 'quinta-feira, 26 de novembro de 2026', 'Thursday,
 * November 26, 2026', 'Donnerstag, 26. November 2026'. A wire day (YYYY-MM-DD) is read at noon
 * UTC, so the machine's zone never moves it.
 */
export const dayInWords = (date: string, language: Language, withYear = true): string =>
  new Intl.DateTimeFormat(HTML_LANG[language], {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));

/** A wire day's weekday, short, in the language ('qui.', 'Thu', 'Do.'): the day filter's options. */
export const weekdayInWords = (date: string, language: Language): string =>
  new Intl.DateTimeFormat(HTML_LANG[language], { weekday: 'short', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));

/** A time zone as people of the language say it ('Horário Padrão de Brasília', 'Brasilia Standard Time'); its id when unknown. */
export const zoneInWords = (timeZone: string, language: Language, at: Date = new Date()): string => {
  try {
    const part = new Intl.DateTimeFormat(HTML_LANG[language], { timeZone, timeZoneName: 'long' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName');
    return part?.value ?? timeZone;
  } catch {
    return timeZone;
  }
};

/** An instant's date in the language's short form, in a zone ('26/11/2026', '11/26/2026', '26.11.2026'). */
export const shortDateInWords = (instant: Date, language: Language, timeZone: string): string =>
  instant.toLocaleDateString(HTML_LANG[language], { timeZone });

const NUMERIC_DATE = /^(\d{2})[/-](\d{2})[/-](\d{4})(.*)$/;

/**
 * A numeric date as the server writes it ('01/12/2026', or SPEC §9's '01-12-2026 14:30' of a
 * moment) in the visitor's pack (issue 56): slashes in PT and EN, the German way in AL
 * ('1.12.2026 14:30', as `de` writes it, like `shortDateInWords`). Anything else is left as it is.
 */
export const numericDateInWords = (text: string, language: Language): string => {
  const match = NUMERIC_DATE.exec(text);
  if (!match) return text;
  const [, day = '', month = '', year = '', rest = ''] = match;
  return language === 'al' ? `${Number(day)}.${Number(month)}.${year}${rest}` : `${day}/${month}/${year}${rest}`;
};
