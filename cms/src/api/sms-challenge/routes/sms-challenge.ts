/** Stock Strapi content API (/api/sms-challenges), guarded by users-permissions and API tokens. */
import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::sms-challenge.sms-challenge');
