/** Stock Strapi content API (/api/clients), guarded by users-permissions and API tokens. */
import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::client.client');
