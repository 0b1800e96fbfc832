/** Stock Strapi content API (/api/lectures), guarded by users-permissions and API tokens. */
import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::lecture.lecture');
