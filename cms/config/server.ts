import fs from 'node:fs';
import path from 'node:path';
import { appRoot } from '../src/lib/app-root';
import { loadSettings } from '../src/lib/settings';

export default () => {
  const { server } = loadSettings();
  // The local upload provider refuses to start without <public>/uploads.
  fs.mkdirSync(path.join(path.resolve(appRoot(), server.publicDir), 'uploads'), { recursive: true });
  return {
    host: server.host,
    port: server.port,
    url: server.publicUrl,
    // Strapi 5 reads server.proxy.koa; one proxy hop: the visitor is the address it appended.
    proxy: { koa: server.trustedProxies.length > 0, maxIpsCount: 1 },
    app: { keys: server.appKeys },
    // Uploads go to <public>/uploads with the local provider; tests point this at a temp dir.
    dirs: { public: server.publicDir },
    logger: {
      updates: { enabled: false },
      startup: { enabled: server.startupLog },
      config: { level: server.logLevel },
    },
  };
};
