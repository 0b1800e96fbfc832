/** Stock Strapi content API (/api/categories), guarded by users-permissions and API tokens. */
import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::category.category');
