// Bench-only server for tests/bench/upload-memory.mjs: the compiled app (cms/dist, as `strapi start`
// loads it, with the environment the bench gives it) plus one route that exists only in this
// process, POST /api/site/v1/bench/upload, storing the multipart field `file` as media through the
// product's uploads module (takeUpload). Never part of the product.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// BENCH_ROOT: the tree under test (the bench guard's baseline worktree), else this checkout.
const cmsDir = path.join(
  process.env.BENCH_ROOT ? path.resolve(process.env.BENCH_ROOT) : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..'),
  'cms',
);
// Strapi's CommonJS build: its ESM build has directory imports Node's ESM loader refuses.
const require = createRequire(path.join(cmsDir, 'package.json'));
const { createStrapi } = require('@strapi/strapi');
const { defineRoute, reply } = require('@plataforma/adapter/server');

try {
  const app = await createStrapi({ appDir: cmsDir, distDir: path.join(cmsDir, 'dist') }).load();
  const { takeUpload } = require(path.join(cmsDir, 'dist', 'src', 'storage'));
  app.server.routes([
    defineRoute(
      {
        method: 'POST',
        path: '/api/site/v1/bench/upload',
        config: { auth: false },
        handler: async (ctx) => reply(await takeUpload(app, ctx, 'file', 'media'), 'api.created', 201),
      },
      app.log,
    ),
  ]);
  await app.listen();
  // The bench closes stdin when it stops (or dies): stop with it.
  process.stdin.on('close', () => app.destroy().finally(() => process.exit(0)));
  process.stdin.resume();
} catch (error) {
  console.error(error?.stack ?? error);
  process.exit(1);
}
