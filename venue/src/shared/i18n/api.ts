import type { Language } from '@plataforma/adapter/constants';
import { api } from '../api';

/** Where an uploaded EN/AL pack is read from (with its cache-busting parameter; decision 021). */
export const languagePackUrl = (language: Exclude<Language, 'pt'>): string => api.site.languages.url(language);
