/** Stock Strapi content API (/api/chats), guarded by users-permissions and API tokens. */
import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::chat.chat');
