/** Stock Strapi content API (/api/language-packs), guarded by users-permissions and API tokens. */
import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::language-pack.language-pack');
