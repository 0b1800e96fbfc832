import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../lib/app-root';

type Pack = Record<string, unknown>;

/**
 * Where the venue keeps its built-in texts (decision 021): the main pack, and the back office's
 * namespace, which an uploaded pack carries as its `backoffice` section.
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
