import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::watch-session.watch-session');
