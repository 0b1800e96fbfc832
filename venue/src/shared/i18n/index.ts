import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@plataforma/adapter';
import pt from './locales/pt.json';
import { api } from '../api';

/** PT is bundled and is the fallback; EN and AL are fetched from the uploaded packs. */
void i18next.use(initReactI18next).init({
  lng: 'pt',
  fallbackLng: 'pt',
  resources: { pt: { translation: pt } },
  interpolation: { escapeValue: false },
  returnNull: false,
});

export const i18n = i18next;

/**
 * Switches the interface language. EN and AL come from the server with a cache-busting
 * parameter; when the pack cannot be loaded, the built-in PT pack stays in use.
 */
export const loadLanguage = async (language: Language, fetcher: typeof fetch = fetch): Promise<Language> => {
  if (language === 'pt') {
    await i18next.changeLanguage('pt');
    return 'pt';
  }
  try {
    const response = await fetcher(api.site.languages.url(language));
    if (!response.ok) throw new Error(String(response.status));
    const pack = (await response.json()) as Record<string, unknown>;
    if (typeof pack !== 'object' || pack === null || Array.isArray(pack)) throw new Error('not a pack');
    i18next.addResourceBundle(language, 'translation', pack, true, true);
    await i18next.changeLanguage(language);
    return language;
  } catch {
    await i18next.changeLanguage('pt');
    return 'pt';
  }
};

/** The translated text of a server message key (falls back to the generic error). */
export const messageText = (key: string | undefined): string =>
  key && i18next.exists(key) ? i18next.t(key) : i18next.t('api.error.internal');
