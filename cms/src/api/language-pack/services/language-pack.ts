import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::language-pack.language-pack');
