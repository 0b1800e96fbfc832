// Boots the compiled Strapi app in-process once against the bench database, so Strapi creates
// its schema, and mints a read-only API token for the stock content API, written to the file
// BENCH_TOKEN_FILE names. run.mjs starts it with the same environment (secrets, database) it
// gives the server afterwards.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// BENCH_ROOT: the tree under test (the bench guard's baseline worktree), else this checkout.
const cmsDir = path.join(
  process.env.BENCH_ROOT ? path.resolve(process.env.BENCH_ROOT) : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..'),
  'cms',
);
// Strapi's CommonJS build: its ESM build has directory imports Node's ESM loader refuses.
const tokenFile = process.env.BENCH_TOKEN_FILE;
if (!tokenFile) {
  console.error('prepare.mjs needs BENCH_TOKEN_FILE');
  process.exit(2);
}
const { createStrapi } = createRequire(path.join(cmsDir, 'package.json'))('@strapi/strapi');

try {
  const app = await createStrapi({ appDir: cmsDir, distDir: path.join(cmsDir, 'dist') }).load();
  try {
    const { accessKey } = await app.service('admin::api-token').create({
      name: `bench-${Date.now()}`,
      description: 'npm run bench',
      type: 'read-only',
      kind: 'content-api',
      lifespan: null,
    });
    fs.writeFileSync(tokenFile, accessKey, { mode: 0o600 });
    // The product's own lists of staff and visitors need their sessions: an admin for the
    // clients and the activity log, a signed-in client (id 1; the seeded ones follow) for the
    // network room. And where Strapi keeps who entered which event.
    const metaFile = process.env.BENCH_META_FILE;
    if (metaFile) {
      const { createSession } = createRequire(path.join(cmsDir, 'package.json'))(path.join(cmsDir, 'dist', 'src', 'auth', 'sessions'));
      const staff = await app.db.query('api::staff-user.staff-user').create({
        data: {
          name: 'Admin do bench',
          email: 'admin.bench@organizadora.com.br',
          role: 'admin',
          ddi: '55',
          ddd: '11',
          phone: '900000001',
          firstAccess: false,
        },
      });
      const client = await app.db.query('api::client.client').create({
        data: {
          id: 1,
          name: 'Visitante do bench',
          email: 'visitante.bench@exemplo.com.br',
          listedInNetwork: false,
          networkShowEmail: false,
        },
      });
      const events = app.db.metadata.get('api::client.client').attributes.events.joinTable;
      // BENCH_CLIENT_TOKENS more signed-in clients (ids 2…), for loads spread over clients (heartbeats).
      const clientTokens = [];
      for (let i = 0; i < Number(process.env.BENCH_CLIENT_TOKENS || 0); i += 1) {
        const more = await app.db.query('api::client.client').create({
          data: { id: 2 + i, name: `Visitante ${2 + i}`, email: `visitante${2 + i}.bench@exemplo.com.br`, listedInNetwork: false },
        });
        clientTokens.push((await createSession(app, { audience: 'client', accountId: more.id })).token);
      }
      const meta = {
        staffToken: (await createSession(app, { audience: 'staff', accountId: staff.id })).token,
        clientToken: (await createSession(app, { audience: 'client', accountId: client.id })).token,
        clientTokens,
        clientId: client.id,
        clientEvents: { table: events.name, client: events.joinColumn.name, event: events.inverseJoinColumn.name },
      };
      fs.writeFileSync(metaFile, JSON.stringify(meta), { mode: 0o600 });
    }
  } finally {
    await app.destroy();
  }
  process.exit(0);
} catch (error) {
  console.error(error?.stack ?? error);
  process.exit(1);
}
