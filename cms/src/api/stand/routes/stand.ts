/** Stock Strapi content API (/api/stands), guarded by users-permissions and API tokens. */
import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::stand.stand');
