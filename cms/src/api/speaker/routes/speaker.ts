/** Stock Strapi content API (/api/speakers), guarded by users-permissions and API tokens. */
import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::speaker.speaker');
