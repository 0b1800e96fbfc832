import { HTML_LANG, type Language } from '@plataforma/adapter/constants';
import type { CmsLecture, Event } from '@plataforma/adapter';

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

/** The day (YYYY-MM-DD) it is in a zone at an instant, with the browser's own Intl (no date library in the chunk). */
export const dayIn = (timeZone: string, at: Date = new Date()): string => {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
  } catch {
    return at.toISOString().slice(0, 10);
  }
};

/** 'HH:mm:ss' → 'HH:mm'. */
export const hourOf = (time: string): string => time.slice(0, 5);

export interface ProgrammeRoom {
  id: number;
  name: string;
  lectures: CmsLecture[];
}

export interface ProgrammeDay {
  date: string;
  rooms: ProgrammeRoom[];
}

/**
 * The event page's programme: the lectures by day, each day by room (rooms in the order of their
 * first lecture of the day), each room's lectures by start hour. Lectures without a room are left out.
 */
export const programmeOf = (lectures: readonly CmsLecture[]): ProgrammeDay[] => {
  const sorted = [...lectures].sort(
    (a, b) => a.startDate.localeCompare(b.startDate) || a.startTime.localeCompare(b.startTime) || a.id - b.id,
  );
  const days: ProgrammeDay[] = [];
  for (const lecture of sorted) {
    if (!lecture.room) continue;
    let day = days[days.length - 1];
    if (!day || day.date !== lecture.startDate) {
      day = { date: lecture.startDate, rooms: [] };
      days.push(day);
    }
    let room = day.rooms.find((r) => r.id === lecture.room?.id);
    if (!room) {
      room = { id: lecture.room.id, name: lecture.room.name, lectures: [] };
      day.rooms.push(room);
    }
    room.lectures.push(lecture);
  }
  return days;
};

/** The catalogue's date filter as the address says it (pt-BR) and as the API takes it. */
export const WHEN_PARAM = { proximos: 'upcoming', encerrados: 'past' } as const;
export type WhenParam = keyof typeof WHEN_PARAM | 'todos';

/** The list order that suits each filter: upcoming soonest first, past and all newest first. */
export const orderFor = (when: WhenParam) => ({
  field: 'startDate' as const,
  direction: when === 'proximos' ? ('asc' as const) : ('desc' as const),
});

/** The event page's address: '/eventos/1-congresso-brasileiro' (the id leads, as every slug of the product). */
export const eventPagePath = (event: Pick<Event, 'id' | 'slug'>): string =>
  `/eventos/${event.slug && event.slug.startsWith(`${event.id}-`) ? event.slug : event.id}`;

/** The venue's entrance of an event. */
export const venuePath = (event: Pick<Event, 'id' | 'slug'>): string =>
  `/plataforma/${event.slug && event.slug.startsWith(`${event.id}-`) ? event.slug : event.id}/hall-entrada`;
