/** Stock Strapi content API (/api/events), guarded by users-permissions and API tokens. */
import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::event.event');
