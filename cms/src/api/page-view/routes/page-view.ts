/** Stock Strapi content API (/api/page-views), guarded by users-permissions and API tokens. */
import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::page-view.page-view');
