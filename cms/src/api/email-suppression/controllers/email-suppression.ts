import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::email-suppression.email-suppression');
