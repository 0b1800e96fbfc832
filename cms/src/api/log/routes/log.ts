/** Stock Strapi content API (/api/logs), guarded by users-permissions and API tokens. */
import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::log.log');
