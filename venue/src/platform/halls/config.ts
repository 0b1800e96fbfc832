/** The platform's pages below /plataforma/{slug}/ (SPEC §2.4), their chain and which of them have a map. */
export const PAGES = {
  entrance: 'hall-entrada',
  gold: 'hall-estandes-gold',
  silver: 'hall-estandes-prata',
  bronze1: 'hall-estandes-bronze/1',
  bronze2: 'hall-estandes-bronze/2',
  congress1: 'congresso/1',
  congress2: 'congresso/2',
  amibEmCena: 'amib-em-cena',
  cbmi2021: 'cbmi-2021',
  helpDesk: 'help-desk',
  speakers: 'palestrantes',
  rooms: 'hall-salas',
  network: 'sala-network',
} as const;

export type PageKey = keyof typeof PAGES;

/** The next-hall chain: gold → prata → bronze/1 → bronze/2; congresso/1 → congresso/2. */
export const NEXT_HALL: Partial<Record<PageKey, PageKey>> = {
  gold: 'silver',
  silver: 'bronze1',
  bronze1: 'bronze2',
  congress1: 'congress2',
};

/** Halls with a map (hall-entrada, gold, prata, bronze/1, bronze/2). */
export const MAPPED: readonly PageKey[] = ['entrance', 'gold', 'silver', 'bronze1', 'bronze2'];

/** Builds the address of a platform page of the event in the current slug. */
export const pagePath = (slug: string, key: PageKey): string => `/plataforma/${slug}/${PAGES[key]}`;

/** Which page a pathname is, if it is one of the halls. */
export const pageOf = (pathname: string): PageKey | null => {
  const rest = pathname.split('/').slice(3).join('/').replace(/\/+$/, '');
  const found = (Object.keys(PAGES) as PageKey[]).find((key) => PAGES[key] === rest);
  return found ?? null;
};
