import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::order-item.order-item');
