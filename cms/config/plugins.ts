import type { Core } from '@strapi/strapi';
import { ensureSecrets } from '../src/lib/secrets';
import { uploadPluginConfig } from '../src/uploads/config';

export default ({ env }: Core.Config.Shared.ConfigParams) => {
  ensureSecrets();
  return {
    'users-permissions': { config: { jwtSecret: env('JWT_SECRET') } },
    // Local disk by default, S3 when S3_BUCKET is set; size limit and refused types (src/uploads/config.ts).
    upload: { config: uploadPluginConfig() },
  };
};
