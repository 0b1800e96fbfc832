import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::stand-event.stand-event');
