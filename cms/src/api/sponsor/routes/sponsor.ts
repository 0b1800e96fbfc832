/** Stock Strapi content API (/api/sponsors), guarded by users-permissions and API tokens. */
import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::sponsor.sponsor');
