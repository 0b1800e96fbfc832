import type { EventDependents } from '@plataforma/adapter';
import type { useBackofficeTranslation } from '../i18n';

type T = ReturnType<typeof useBackofficeTranslation>['t'];

/** The order the confirmation names what goes with an event, and the kinds whose noun is feminine in Portuguese. */
const ORDER: readonly (keyof EventDependents)[] = ['rooms', 'lectures', 'stands', 'medias', 'products', 'sponsors', 'speakers', 'coupons'];
const FEMININE: ReadonlySet<keyof EventDependents> = new Set(['rooms', 'lectures', 'medias']);

const list = new Intl.ListFormat('pt-BR', { style: 'long', type: 'conjunction' });

/** The counts of several events added up (deleting the selected events). */
export const sumDependents = (all: readonly EventDependents[]): EventDependents =>
  all.reduce<EventDependents>(
    (sum, one) => {
      const next = { ...sum };
      for (const key of ORDER) next[key] += one[key];
      return next;
    },
    { rooms: 0, lectures: 0, stands: 0, medias: 0, products: 0, sponsors: 0, speakers: 0, coupons: 0 },
  );

/**
 * What goes with a deleted event, in words: '3 salas, 12 palestras e 8 estandes serão excluídos
 * junto.' Only the counts above zero are named; null when nothing goes with it.
 */
export const dependentsText = (t: T, dependents: EventDependents): string | null => {
  const named = ORDER.filter((key) => dependents[key] > 0);
  if (named.length === 0) return null;
  const items = named.map((key) => t(`events.dependents.${key}`, { count: dependents[key] }));
  const total = named.reduce((sum, key) => sum + dependents[key], 0);
  const feminine = named.every((key) => FEMININE.has(key));
  return t(feminine ? 'events.dependents.tailFeminine' : 'events.dependents.tailMasculine', { list: list.format(items), count: total });
};
