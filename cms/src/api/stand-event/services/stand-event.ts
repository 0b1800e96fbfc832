import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::stand-event.stand-event');
