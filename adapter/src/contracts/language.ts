import { z } from 'zod';
import { LANGUAGES } from '../constants';

export { languagePaths } from './paths';

/** A language pack's code: PT is bundled, EN and AL (German) are uploaded in /cms/idiomas. */
export const languageSchema = z.enum(LANGUAGES);
