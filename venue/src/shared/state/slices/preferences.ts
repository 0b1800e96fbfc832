import type { Slice } from './types';

/** How a hall is shown: the drawn scene, or its list twin (the same parts as headings and links). */
export type HallView = 'scene' | 'list';

export interface PreferencesSlice {
  hallView: HallView;
  setHallView(view: HallView): void;
}

export const createPreferencesSlice: Slice<PreferencesSlice> = (set) => ({
  hallView: 'scene',
  setHallView: (hallView) => set({ hallView }),
});

/** Persisted: a visitor who chose the list keeps it on every hall and on the next visit. */
export const persistPreferences = (slice: PreferencesSlice) => ({ hallView: slice.hallView });
