/** Stock Strapi content API (/api/staff-users), guarded by users-permissions and API tokens. */
import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::staff-user.staff-user');
