/**
 * The venue's pages and their addresses below /plataforma/{slug}/, shared by the venue (its halls'
 * registry) and the back office (its dashboards name a visited path by them, decision 103).
 */

/** The drawn halls of the platform (SPEC §2.4), each an entry of `HALLS` in registry.ts. */
export type HallKey =
  'entrance' | 'gold' | 'silver' | 'bronze1' | 'bronze2' | 'congress1' | 'congress2' | 'amibEmCena' | 'cbmi2021' | 'helpDesk' | 'speakers';

/** The platform's HTML screens the halls lead to (their own folders, their own lazy chunks). */
export type ScreenKey = 'rooms' | 'network' | 'programme' | 'speakerDirectory' | 'exhibitors';

export type PageKey = HallKey | ScreenKey;

/**
 * Each page's address below /plataforma/{slug}/ (the registry's entries take theirs from here):
 * the back office's dashboards name a visited path by it without loading the halls' layouts.
 */
export const PAGE_PATHS: Readonly<Record<PageKey, string>> = {
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
  programme: 'programacao',
  speakerDirectory: 'palestrantes/diretorio',
  exhibitors: 'expositores',
};
