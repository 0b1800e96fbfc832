import { formatDateTime, HTML_LANG, type Language } from '@plataforma/adapter';

const amounts = new Map<Language, Intl.NumberFormat>();

/**
 * An amount of the wire ('1200.00') in reais as the venue writes it (venue/src/shared/commerce/
 * price.ts, formatAmount): 'R$ 1.200,00' (PT, AL), 'R$ 1,200.00' (EN).
 */
export const formatBRL = (value: string | number, language: Language): string => {
  let format = amounts.get(language);
  if (!format) {
    format = new Intl.NumberFormat(HTML_LANG[language], { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    amounts.set(language, format);
  }
  return `R$ ${format.format(Number(value))}`;
};

/** 'DD-MM-YYYY HH:mm' of an instant in the event's zone (the product's one rule, adapter/dates). */
export const formatWhen = (iso: string, timeZone: string): string => formatDateTime(iso, timeZone || 'America/Sao_Paulo');
