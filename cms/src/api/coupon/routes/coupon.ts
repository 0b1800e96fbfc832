/** Stock Strapi content API (/api/coupons), guarded by users-permissions and API tokens. */
import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::coupon.coupon');
