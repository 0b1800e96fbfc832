/** Stock Strapi content API (/api/orders), guarded by users-permissions and API tokens. */
import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::order.order');
