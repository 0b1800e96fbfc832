import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::chat-message.chat-message');
