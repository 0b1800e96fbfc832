/** Stock Strapi content API (/api/products), guarded by users-permissions and API tokens. */
import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::product.product');
