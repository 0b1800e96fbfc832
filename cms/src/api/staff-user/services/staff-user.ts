import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::staff-user.staff-user');
