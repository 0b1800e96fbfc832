import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::sms-challenge.sms-challenge');
