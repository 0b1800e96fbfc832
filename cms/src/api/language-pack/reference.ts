import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Language } from '@plataforma/adapter';
import { repoRoot } from '../../lib/app-root';

type Pack = Record<string, unknown>;

/**
 * Where the venue keeps its built-in texts (decision 021): the main pack, and the back office's
 * namespace, which an uploaded pack carries as its `backoffice` section. PT is bundled into the
 * venue; the EN and AL files beside it are not (the site's route sends them, see `shippedAnswer`).
 */
export const PACK_FILES = {
  main: path.join('venue', 'src', 'shared', 'i18n', 'locales'),
  backoffice: path.join('venue', 'src', 'backoffice', 'i18n'),
} as const;

/** The venue's pack of a language as one object, as an upload carries it: the main texts with the back office's under `backoffice`. */
export const shippedPack = (language: string, root: string = repoRoot()): Pack => {
  const read = (dir: string): Pack => JSON.parse(fs.readFileSync(path.join(root, dir, `${language}.json`), 'utf8')) as Pack;
  return { ...read(PACK_FILES.main), backoffice: read(PACK_FILES.backoffice) };
};

let cached: Pack | undefined;

/**
 * The built-in PT pack every upload is checked against, read once from the venue's sources in
 * the repository (the cms already reads the venue's build and the reference data from there):
 * one copy of the texts, never a second one that could drift.
 */
export const referencePack = (): Pack => (cached ??= shippedPack('pt'));

/** A shipped pack as the site sends it: the JSON text and its ETag (a hash of that text, so a deploy with new texts gets a new one). */
export interface ShippedAnswer {
  json: string;
  etag: string;
}

const answers = new Map<Language, ShippedAnswer | null>();

const readAnswer = (language: Language): ShippedAnswer | null => {
  let pack: Pack;
  try {
    pack = language === 'pt' ? referencePack() : shippedPack(language);
  } catch (error) {
    // A deployment without this language's files: nothing ships for it (the site answers 404).
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const json = JSON.stringify(pack);
  return { json, etag: `"${crypto.createHash('sha1').update(json).digest('base64url')}"` };
};

/**
 * The pack the platform ships for a language (`locales/<code>.json` with the back office's
 * `<code>.json` as its `backoffice` section), which the site sends while no file is uploaded for
 * that code; null when the deployment has none. Read once per process, like the PT reference.
 */
export const shippedAnswer = (language: Language): ShippedAnswer | null => {
  if (!answers.has(language)) answers.set(language, readAnswer(language));
  return answers.get(language) ?? null;
};
