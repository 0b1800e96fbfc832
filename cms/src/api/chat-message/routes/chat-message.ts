/** Stock Strapi content API (/api/chat-messages), guarded by users-permissions and API tokens. */
import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::chat-message.chat-message');
