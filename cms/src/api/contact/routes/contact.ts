/** Stock Strapi content API (/api/contacts), guarded by users-permissions and API tokens. */
import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::contact.contact');
