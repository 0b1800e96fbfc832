/** Stock Strapi content API (/api/medias), guarded by users-permissions and API tokens. */
import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::media.media');
