import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::chat-message.chat-message');
