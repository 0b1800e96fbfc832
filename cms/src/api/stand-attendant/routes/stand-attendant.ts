/** Stock Strapi content API (/api/stand-attendants), guarded by users-permissions and API tokens. */
import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::stand-attendant.stand-attendant');
