import type { ScreenSize } from '../shared/state/rules';

/** SPEC §9 breakpoints (359/639/1023/1439): a width at each edge and the screen class it gives. */
export const SCREEN_SIZE_STEPS: ReadonlyArray<[number, ScreenSize]> = [
  [359, 'xs'],
  [360, 'sm'],
  [639, 'sm'],
  [640, 'md'],
  [1023, 'md'],
  [1024, 'lg'],
  [1439, 'lg'],
  [1440, 'xl'],
];

/** The text keys a set of sources asks for with `t('…')` (the pack checks of both apps). */
export const usedTextKeys = (sources: Record<string, string>): Set<string> => {
  const keys = new Set<string>();
  for (const code of Object.values(sources)) {
    for (const match of code.matchAll(/\bt\(\s*'([A-Za-z0-9_.]+)'/g)) keys.add(match[1]);
  }
  return keys;
};
