import { flattenPack, LANGUAGES, type Language } from '@plataforma/adapter';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../lib/app-root';

/** The venue's main pack of a language (`locales/<code>.json`, decision 021), where the `email` section lives. */
const shippedMainPack = (language: Language): Record<string, unknown> =>
  JSON.parse(fs.readFileSync(path.join(repoRoot(), 'venue', 'src', 'shared', 'i18n', 'locales', `${language}.json`), 'utf8')) as Record<
    string,
    unknown
  >;

/** A text of the recipient's pack by key, its `{{placeholders}}` filled (plain text: the layout escapes it). */
export type Translate = (key: string, values?: Readonly<Record<string, string | number>>) => string;

const packs = new Map<Language, Map<string, string>>();

const textsOf = (language: Language): Map<string, string> => {
  let texts = packs.get(language);
  if (!texts) {
    try {
      texts = flattenPack(shippedMainPack(language)).texts;
    } catch (error) {
      // A deployment without this language's files: PT answers every key.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      texts = new Map();
    }
    packs.set(language, texts);
  }
  return texts;
};

const fill = (text: string, values: Readonly<Record<string, string | number>>): string =>
  text.replace(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));

/** The recipient's language, PT when it is none the platform has. */
export const emailLanguage = (value: unknown): Language =>
  (LANGUAGES as readonly string[]).includes(String(value)) ? (value as Language) : 'pt';

/** A translator over a pack's texts with PT's beneath them (pure: the unit tests give it packs). */
export const translatorOf =
  (own: ReadonlyMap<string, string>, pt: ReadonlyMap<string, string>, warn: (message: string) => void = () => undefined): Translate =>
  (key, values = {}) => {
    const text = own.get(key) ?? pt.get(key);
    if (text === undefined) {
      warn(`[email] the text ${key} is in no pack`);
      return key;
    }
    return fill(text, values);
  };

/**
 * The texts of a language for e-mails (decision 080): the pack the platform ships for it (the
 * venue's `locales/<code>.json`), each key missing there taken from PT, and a key PT lacks too
 * answered as the key itself (logged), never a crash.
 */
export const translator = (language: Language, warn: (message: string) => void = () => undefined): Translate =>
  translatorOf(textsOf(language), textsOf('pt'), warn);
