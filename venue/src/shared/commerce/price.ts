import { HTML_LANG, type Language } from '@plataforma/adapter/constants';
import type { Event } from '@plataforma/adapter';

const amounts = new Map<Language, Intl.NumberFormat>();
const amountFormat = (language: Language): Intl.NumberFormat => {
  let format = amounts.get(language);
  if (!format) {
    format = new Intl.NumberFormat(HTML_LANG[language], { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    amounts.set(language, format);
  }
  return format;
};

/**
 * An amount of the wire ('1200.00') with the wire's currency symbol, its digits grouped as the
 * visitor's language writes them: 'R$ 1.200,00' (PT, AL), 'R$ 1,200.00' (EN), '$ 240,00'.
 */
export const formatAmount = (value: string, currency: string, language: Language = 'pt'): string =>
  `${currency} ${amountFormat(language).format(Number(value))}`;

/** What a price tag shows: free, one price, or 'De … / Por …' when there is a discount. */
export type PriceTag = { kind: 'free' } | { kind: 'price'; price: string } | { kind: 'discount'; from: string; to: string };

/** The price tag of an event or a lecture (SPEC §3: discountValue = value − discount when discount > 0). */
export const priceTag = (
  item: Pick<Event, 'value' | 'discountValue' | 'hasDiscount' | 'currency'>,
  language: Language = 'pt',
): PriceTag => {
  if (Number(item.value) <= 0) return { kind: 'free' };
  if (item.hasDiscount)
    return {
      kind: 'discount',
      from: formatAmount(item.value, item.currency, language),
      to: formatAmount(item.discountValue, item.currency, language),
    };
  return { kind: 'price', price: formatAmount(item.value, item.currency, language) };
};
