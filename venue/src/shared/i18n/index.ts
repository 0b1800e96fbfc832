import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@plataforma/adapter';
import pt from './locales/pt.json';
import { api } from '../api';
import { useAppState } from '../state/store';

/** PT is bundled and is the fallback; EN and AL are fetched from the uploaded packs. */
void i18next.use(initReactI18next).init({
  lng: 'pt',
  fallbackLng: 'pt',
  resources: { pt: { translation: pt } },
  interpolation: { escapeValue: false },
  returnNull: false,
});

export const i18n = i18next;

/** The `lang` of the page per pack: AL is the German pack (SPEC §2.3 labels it German). */
export const HTML_LANG: Record<Language, string> = { pt: 'pt-BR', en: 'en', al: 'de' };

/**
 * The packs a visitor can pick, in this order. The adapter's LANGUAGES says the same, but it lives
 * beside the zod schemas (see vite.config.ts); the Record above fails to compile if they differ.
 */
export const PICKABLE_LANGUAGES = Object.keys(HTML_LANG) as Language[];

type Pack = Record<string, unknown>;

const fetchPack = async (language: Exclude<Language, 'pt'>, fetcher: typeof fetch): Promise<Pack> => {
  const response = await fetcher(api.site.languages.url(language));
  if (!response.ok) throw new Error(String(response.status));
  const pack: unknown = await response.json();
  if (typeof pack !== 'object' || pack === null || Array.isArray(pack)) throw new Error('not a pack');
  return pack as Pack;
};

let latest = 0;

/**
 * Switches the interface language. EN and AL come from the server with a cache-busting
 * parameter; when the pack cannot be loaded, the built-in PT pack stays in use (silently).
 * Keys an uploaded pack lacks fall back to PT. Answers the language actually in use; when
 * two switches overlap, the last one asked for wins.
 */
export const loadLanguage = async (language: Language, fetcher: typeof fetch = fetch): Promise<Language> => {
  const request = ++latest;
  let pack: Pack | null = null;
  if (language !== 'pt') {
    try {
      pack = await fetchPack(language, fetcher);
    } catch {
      pack = null;
    }
  }
  if (request !== latest) return i18next.language as Language;
  const used: Language = pack ? language : 'pt';
  if (pack) i18next.addResourceBundle(language, 'translation', pack, true, true);
  await i18next.changeLanguage(used);
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[used];
  return used;
};

/** What the visitor picks (or what their stored choice says at start-up): loads it and records it in the state. */
export const changeLanguage = async (language: Language, fetcher: typeof fetch = fetch): Promise<Language> => {
  const used = await loadLanguage(language, fetcher);
  useAppState.getState().setLanguage(used, used === 'pt' ? null : ((i18next.getResourceBundle(used, 'translation') as Pack) ?? null));
  return used;
};

/** The translated text of a server message key (falls back to the generic error). */
export const messageText = (key: string | undefined): string =>
  key && i18next.exists(key) ? i18next.t(key) : i18next.t('api.error.internal');
