import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::terms-page.terms-page');
