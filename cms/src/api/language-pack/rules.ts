import type { ReadOnlyType } from '../../documents/rules';

/**
 * Language packs on the stock paths: read only in the Content Manager and the content API (its
 * reads stay). The back office's upload (`PUT /api/cms/v1/languages/:code`) checks the JSON file's
 * bytes against the PT pack before it becomes the pack, keeps the one it replaces for a rollback
 * and moves the version the site's redirect carries; a file picked from the Media Library has no
 * such check on the document service's path, so a pack changes only there.
 */
export const languagePackRules: ReadOnlyType = { uid: 'api::language-pack.language-pack', readOnly: 'languagePacks.error.readOnlyHere' };
