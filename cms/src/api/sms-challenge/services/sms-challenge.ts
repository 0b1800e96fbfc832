import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::sms-challenge.sms-challenge');
