import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::language-pack.language-pack');
