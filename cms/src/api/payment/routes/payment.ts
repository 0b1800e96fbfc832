/** Stock Strapi content API (/api/payments), guarded by users-permissions and API tokens. */
import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::payment.payment');
