import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { HTML_LANG, type Language } from '@plataforma/adapter/constants';
// The bundled PT pack, section by section: every section but those in LAZY_PT_SECTIONS, whose
// texts load with their screens (shared/commerce/texts.ts, site/certificates/texts.ts,
// site/texts.ts, platform/{stand,lecture,speakers}/texts.ts), so the first load does not carry
// them. A test (i18n.test.ts) checks that this list and the pack's sections agree.
import {
  api as apiTexts,
  pageView as pageViewTexts,
  contact as contactTexts,
  meetings as meetingsTexts,
  auth as authTexts,
  users as usersTexts,
  stands as standsTexts,
  medias as mediasTexts,
  products as productsTexts,
  sponsors as sponsorsTexts,
  events as eventsTexts,
  lectures as lecturesTexts,
  coupons as couponsTexts,
  clients as clientsTexts,
  upload as uploadTexts,
  common as commonTexts,
  platform as platformTexts,
  language as languageTexts,
  halls as hallsTexts,
  languagePacks as languagePacksTexts,
  chat as chatTexts,
  agenda as agendaTexts,
  exhibitors as exhibitorsTexts,
  orders as ordersTexts,
  payments as paymentsTexts,
  watch as watchTexts,
  standEvent as standEventTexts,
  emails as emailsTexts,
  jobs as jobsTexts,
} from './locales/pt.json';
import { languagePackUrl } from './api';
import { useAppState } from '../state/store';

/**
 * The PT sections that are not part of the first load: each is a `virtual:pt-section/<name>`
 * module that the screens using it import (through their `texts.ts`). Those added for issue 17
 * (`site`, `stand`, `lecture`, `speakerDirectory`) hold no message key of the server's
 * (MESSAGE_KEYS), which any screen may have to show; a test checks it.
 */
export const LAZY_PT_SECTIONS = ['commerce', 'certificates', 'site', 'stand', 'lecture', 'speakerDirectory'] as const;

/** The PT sections no screen shows: the texts of the e-mails the server sends (decision 080), read by the server from the pack. */
export const SERVER_PT_SECTIONS = ['email'] as const;

/** The PT sections bundled with the first load (the pack less LAZY_PT_SECTIONS). */
export const BUNDLED_PT = {
  api: apiTexts,
  pageView: pageViewTexts,
  contact: contactTexts,
  meetings: meetingsTexts,
  auth: authTexts,
  users: usersTexts,
  stands: standsTexts,
  medias: mediasTexts,
  products: productsTexts,
  sponsors: sponsorsTexts,
  events: eventsTexts,
  lectures: lecturesTexts,
  coupons: couponsTexts,
  clients: clientsTexts,
  upload: uploadTexts,
  common: commonTexts,
  platform: platformTexts,
  language: languageTexts,
  halls: hallsTexts,
  languagePacks: languagePacksTexts,
  chat: chatTexts,
  agenda: agendaTexts,
  exhibitors: exhibitorsTexts,
  orders: ordersTexts,
  payments: paymentsTexts,
  watch: watchTexts,
  standEvent: standEventTexts,
  emails: emailsTexts,
  jobs: jobsTexts,
};

/** PT is bundled and is the fallback; EN and AL are fetched from the uploaded packs. */
void i18next.use(initReactI18next).init({
  defaultNS: 'translation',
  lng: 'pt',
  fallbackLng: 'pt',
  resources: { pt: { translation: { ...BUNDLED_PT } } },
  interpolation: { escapeValue: false },
  returnNull: false,
});

export const i18n = i18next;

type Pack = Record<string, unknown>;

/**
 * Sections of an uploaded pack that are namespaces of their own: their texts ship with a lazy
 * part of the app (the back office's PT texts load with its chunk), while an uploaded EN/AL pack
 * stays one JSON file per language (SPEC). The section feeds its namespace when the pack loads,
 * whether or not that part of the app has loaded yet.
 */
export const SECTION_NAMESPACES = ['backoffice'] as const;

const isPack = (value: unknown): value is Pack => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Adds an uploaded pack: its namespace sections to their namespaces, the rest to the main one. */
const addPack = (language: Language, pack: Pack) => {
  const main: Pack = { ...pack };
  for (const namespace of SECTION_NAMESPACES) {
    const section = main[namespace];
    delete main[namespace];
    if (isPack(section)) i18next.addResourceBundle(language, namespace, section, true, true);
  }
  i18next.addResourceBundle(language, 'translation', main, true, true);
};

const fetchPack = async (language: Exclude<Language, 'pt'>, fetcher: typeof fetch): Promise<Pack> => {
  const response = await fetcher(languagePackUrl(language));
  if (!response.ok) throw new Error(String(response.status));
  const pack: unknown = await response.json();
  if (!isPack(pack)) throw new Error('not a pack');
  return pack;
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
  if (pack) addPack(language, pack);
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
