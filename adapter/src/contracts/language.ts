import { z } from 'zod';
import { LANGUAGES } from '../constants';

export { languagePaths } from './paths';
export {
  LANGUAGE_PACK_MAX_BYTES,
  checkLanguagePack,
  flattenPack,
  placeholdersOf,
  type LanguagePackCheck,
  type LanguagePackProblem,
  type LanguagePackReport,
} from '../language-pack';

/** A language pack's code: PT is bundled in the venue; EN and AL (German) ship with the platform and can be replaced in /cms/idiomas. */
export const languageSchema = z.enum(LANGUAGES);

/** A pack's stored file, as the back office lists it. */
export const languagePackFileSchema = z.object({
  url: z.string(),
  name: z.string(),
  /** In bytes. */
  size: z.number().int().nonnegative(),
  /** When this file was uploaded (ISO). */
  updatedAt: z.string(),
});
export type LanguagePackFile = z.infer<typeof languagePackFileSchema>;

/** What the check of an accepted pack found (kept with the pack: the last validation summary). */
export const languagePackReportSchema = z.object({
  /** Texts in the pack that PT also has. */
  keys: z.number().int().nonnegative(),
  /** Texts of the PT pack (what a complete pack has). */
  reference: z.number().int().nonnegative(),
  /** PT keys the pack lacks (PT fills them in), sorted. */
  missing: z.array(z.string()),
  /** Keys of the pack PT does not have (ignored by the venue), sorted. */
  unknown: z.array(z.string()),
});

/** One code's pack in /cms/idiomas: its current file, whether a previous one can be put back, its version and last check. */
export const languagePackSchema = z.object({
  code: languageSchema,
  file: languagePackFileSchema.nullable(),
  previous: languagePackFileSchema.nullable(),
  /** Grows with every upload and rollback; the site's redirect carries it (`?v=`) for cache busting. */
  version: z.number().int().nonnegative(),
  report: languagePackReportSchema.nullable(),
  /**
   * The platform ships a complete pack of this code (decision 021): the site sends it while no
   * file is uploaded (EN and AL work on a fresh install; PT is also built into the venue).
   */
  shipped: z.boolean(),
});
export type LanguagePack = z.infer<typeof languagePackSchema>;
