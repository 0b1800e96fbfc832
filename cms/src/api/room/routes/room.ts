/** Stock Strapi content API (/api/rooms), guarded by users-permissions and API tokens. */
import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::room.room');
