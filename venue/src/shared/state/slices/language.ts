import type { Language } from '@plataforma/adapter/constants';
import type { Slice } from './types';

export interface LanguageSlice {
  language: Language;
  /** The loaded EN/AL pack (PT is bundled). */
  appText: Record<string, unknown> | null;
  setLanguage(language: Language, appText?: Record<string, unknown> | null): void;
}

export const createLanguageSlice: Slice<LanguageSlice> = (set) => ({
  language: 'pt',
  appText: null,
  setLanguage: (language, appText = null) => set({ language, appText }),
});

/** Persisted: the choice; the pack itself is fetched again. */
export const persistLanguage = (slice: LanguageSlice) => ({ language: slice.language });
