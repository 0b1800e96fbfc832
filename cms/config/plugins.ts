import type { Core } from '@strapi/strapi';
import { ensureSecrets } from '../src/lib/secrets';

export default ({ env }: Core.Config.Shared.ConfigParams) => {
  ensureSecrets();
  return {
    'users-permissions': { config: { jwtSecret: env('JWT_SECRET') } },
    upload: {
      config: {
        sizeLimit: env.int('UPLOAD_SIZE_LIMIT', 200 * 1024 * 1024),
      },
    },
  };
};
