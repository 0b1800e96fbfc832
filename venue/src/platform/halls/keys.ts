/**
 * The names of the platform's pages, apart from the registry that lists them (`registry.ts`) so
 * the layouts it draws from can name a hall without importing the registry back.
 */

/** The drawn halls of the platform (SPEC §2.4), each an entry of `HALLS` in registry.ts. */
export type HallKey =
  'entrance' | 'gold' | 'silver' | 'bronze1' | 'bronze2' | 'congress1' | 'congress2' | 'amibEmCena' | 'cbmi2021' | 'helpDesk' | 'speakers';

/** The platform's HTML screens the halls lead to (their own folders, their own lazy chunks). */
export type ScreenKey = 'rooms' | 'network' | 'programme' | 'speakerDirectory' | 'exhibitors';

export type PageKey = HallKey | ScreenKey;
