import type { Core } from '@strapi/strapi';
import { ensureIndexes } from './lib/indexes';

export default {
  register(/* { strapi }: { strapi: Core.Strapi } */) {},

  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    await ensureIndexes(strapi);
  },
};
