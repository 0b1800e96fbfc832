import type { Core } from '@strapi/strapi';
import { ensureSecrets } from '../src/lib/secrets';

export default ({ env }: Core.Config.Shared.ConfigParams) => {
  ensureSecrets();
  return {
    host: env('HOST', '0.0.0.0'),
    port: env.int('PORT', 1337),
    url: env('PUBLIC_URL', ''),
    proxy: env.bool('TRUST_PROXY', false),
    app: { keys: env.array('APP_KEYS') },
    logger: {
      updates: { enabled: false },
      startup: { enabled: env.bool('STRAPI_STARTUP_LOG', true) },
    },
  };
};
