import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::watch-session.watch-session');
