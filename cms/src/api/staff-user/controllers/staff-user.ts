import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::staff-user.staff-user');
