/** Stock Strapi content API (/api/order-items), guarded by users-permissions and API tokens. */
import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::order-item.order-item');
