import type { Core } from '@strapi/strapi';
import fs from 'node:fs';
import path from 'node:path';
import { appRoot } from '../src/lib/app-root';
import { trustedProxies } from '../src/lib/proxy';
import { ensureSecrets } from '../src/lib/secrets';

export default ({ env }: Core.Config.Shared.ConfigParams) => {
  ensureSecrets();
  const publicDir = env('PUBLIC_DIR', './public');
  // The local upload provider refuses to start without <public>/uploads.
  fs.mkdirSync(path.join(path.resolve(appRoot(), publicDir), 'uploads'), { recursive: true });
  return {
    host: env('HOST', '0.0.0.0'),
    port: env.int('PORT', 1337),
    url: env('PUBLIC_URL', ''),
    // Strapi 5 reads server.proxy.koa; one proxy hop: the visitor is the address it appended.
    proxy: { koa: trustedProxies(env('TRUST_PROXY', 'false')).length > 0, maxIpsCount: 1 },
    app: { keys: env.array('APP_KEYS') },
    // Uploads go to <public>/uploads with the local provider; tests point this at a temp dir.
    dirs: { public: publicDir },
    logger: {
      updates: { enabled: false },
      startup: { enabled: env.bool('STRAPI_STARTUP_LOG', true) },
      config: { level: env('LOG_LEVEL', 'http') },
    },
  };
};
