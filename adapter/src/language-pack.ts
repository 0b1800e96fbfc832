/**
 * The check of an uploaded language pack against the built-in PT pack (SPEC §8: PT is the
 * fallback). Pure and zod-free: the server runs it on every upload, and a unit test runs it on
 * the packs the venue ships.
 *
 * A pack is a JSON object whose leaves are strings; objects nest as the venue's keys do
 * (`{"common": {"notFound": "…"}}` and `{"common.notFound": "…"}` are the same key, as i18next
 * reads them). Each key is compared with PT's:
 * - a key PT has and the pack lacks is *missing*: accepted, PT fills it in (a warning);
 * - a key the pack has and PT does not is *unknown*: accepted and ignored (a warning);
 * - a text whose `{{placeholders}}` differ from PT's refuses the pack (the venue would show a
 *   raw `{{name}}` or drop a value). A plural form (`_one`, `_zero`…, not `_other`) may leave
 *   out `{{count}}` ('ein Eintrag'), as i18next allows;
 * - a leaf that is not a string (a number, an array, null), or a pack that is not an object,
 *   refuses it; so does a pack with no key PT knows (not a language pack of this product).
 */

/** The largest pack file accepted (2 MB; the PT pack is about 40 KB). */
export const LANGUAGE_PACK_MAX_BYTES = 2 * 1024 * 1024;

type Pack = Record<string, unknown>;

const isObject = (value: unknown): value is Pack => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A key's problem in a refused pack: a leaf that is not text, or placeholders unlike PT's. */
export interface LanguagePackProblem {
  key: string;
  /** PT's placeholders (placeholder mismatch only). */
  expected?: string[];
  /** The pack's placeholders (placeholder mismatch only). */
  found?: string[];
}

export interface LanguagePackReport {
  keys: number;
  reference: number;
  missing: string[];
  unknown: string[];
}

export type LanguagePackCheck =
  | { ok: true; report: LanguagePackReport }
  | {
      ok: false;
      msg:
        | 'languagePacks.error.notAnObject'
        | 'languagePacks.error.notText'
        | 'languagePacks.error.placeholders'
        | 'languagePacks.error.noKnownKeys';
      problems: LanguagePackProblem[];
    };

/**
 * The texts of a pack by their dotted keys, and the keys whose leaf is not a string. Objects
 * nest (at most 32 levels); an empty object adds no key.
 */
export const flattenPack = (pack: Pack): { texts: Map<string, string>; notText: string[] } => {
  const texts = new Map<string, string>();
  const notText: string[] = [];
  const walk = (node: Pack, prefix: string, depth: number) => {
    for (const [name, value] of Object.entries(node)) {
      const key = prefix ? `${prefix}.${name}` : name;
      if (typeof value === 'string') texts.set(key, value);
      else if (isObject(value) && depth < 32) walk(value, key, depth + 1);
      else notText.push(key);
    }
  };
  walk(pack, '', 0);
  return { texts, notText };
};

/** The names of a text's `{{placeholders}}` (`{{ count }}`, `{{value, number}}` → count, value), sorted, once each. */
export const placeholdersOf = (text: string): string[] =>
  [...new Set([...text.matchAll(/\{\{-?\s*([^}]+?)\s*\}\}/g)].map((match) => match[1].split(',')[0].trim()))].sort();

const PLURAL_FORM = /_(zero|one|two|few|many)$/;

const samePlaceholders = (key: string, expected: string[], found: string[]): boolean => {
  const wanted = PLURAL_FORM.test(key) ? expected.filter((name) => name !== 'count' || found.includes('count')) : expected;
  return wanted.length === found.length && wanted.every((name, index) => name === found[index]);
};

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Checks a parsed pack against the PT pack (both as JSON objects). */
export const checkLanguagePack = (pack: unknown, reference: Pack): LanguagePackCheck => {
  if (!isObject(pack)) return { ok: false, msg: 'languagePacks.error.notAnObject', problems: [] };
  const { texts, notText } = flattenPack(pack);
  if (notText.length > 0) return { ok: false, msg: 'languagePacks.error.notText', problems: notText.sort(byName).map((key) => ({ key })) };
  const pt = flattenPack(reference).texts;
  const problems: LanguagePackProblem[] = [];
  const unknown: string[] = [];
  let known = 0;
  for (const [key, text] of texts) {
    const original = pt.get(key);
    if (original === undefined) {
      unknown.push(key);
      continue;
    }
    known += 1;
    const expected = placeholdersOf(original);
    const found = placeholdersOf(text);
    if (!samePlaceholders(key, expected, found)) problems.push({ key, expected, found });
  }
  if (problems.length > 0)
    return { ok: false, msg: 'languagePacks.error.placeholders', problems: problems.sort((a, b) => byName(a.key, b.key)) };
  if (known === 0) return { ok: false, msg: 'languagePacks.error.noKnownKeys', problems: [] };
  const missing = [...pt.keys()].filter((key) => !texts.has(key)).sort(byName);
  return { ok: true, report: { keys: known, reference: pt.size, missing, unknown: unknown.sort(byName) } };
};
