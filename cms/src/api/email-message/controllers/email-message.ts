import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::email-message.email-message');
