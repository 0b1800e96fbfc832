/** Stock Strapi content API (/api/sessions), guarded by users-permissions and API tokens. */
import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::session.session');
