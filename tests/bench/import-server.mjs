// Bench-only server for tests/bench/import.mjs: the compiled app (cms/dist, as `strapi start`
// loads it, with the environment the bench gives it), an admin with a session (its token printed
// on stdout as one JSON line), and one route that exists only in this process:
// POST /api/site/v1/bench/naive-import {file, rows} — the naive baseline the product's import is
// compared with: the whole workbook read into memory by exceljs, then one insert per row (the
// first `rows` of them: its time per row is what the bench extrapolates from).
// Never part of the product.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// BENCH_ROOT: the tree under test (the bench guard's baseline worktree), else this checkout.
const cmsDir = path.join(
  process.env.BENCH_ROOT ? path.resolve(process.env.BENCH_ROOT) : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..'),
  'cms',
);
const require = createRequire(path.join(cmsDir, 'package.json'));
const { createStrapi } = require('@strapi/strapi');
const { defineRoute, reply } = require('@plataforma/adapter/server');
const ExcelJS = require('exceljs');

try {
  const app = await createStrapi({ appDir: cmsDir, distDir: path.join(cmsDir, 'dist') }).load();
  const { createSession } = require(path.join(cmsDir, 'dist', 'src', 'auth', 'sessions'));
  const admin = await app.db.query('api::staff-user.staff-user').create({
    data: { name: 'Bench', email: 'bench@exemplo.com.br', role: 'admin', ddi: '55', ddd: '11', phone: '987650000', firstAccess: false },
  });
  const { token } = await createSession(app, { audience: 'staff', accountId: admin.id });
  app.server.routes([
    defineRoute(
      {
        method: 'POST',
        path: '/api/site/v1/bench/naive-import',
        config: { auth: false },
        handler: async (ctx) => {
          const started = Date.now();
          const book = new ExcelJS.Workbook();
          await book.xlsx.readFile(ctx.request.body.file);
          const sheet = book.worksheets[0];
          const readSeconds = (Date.now() - started) / 1000;
          const last = Math.min(sheet.rowCount, 1 + Number(ctx.request.body.rows));
          let inserted = 0;
          for (let r = 2; r <= last; r += 1) {
            const v = sheet.getRow(r).values;
            await app.db.query('api::client.client').create({
              data: {
                name: String(v[1]),
                email: `naive-${String(v[2])}`,
                phone: String(v[3] ?? ''),
                cpf: String(v[4] ?? ''),
                postalCode: String(v[5] ?? '').replace(/\D/g, ''),
                address: String(v[6] ?? ''),
                city: String(v[7] ?? ''),
                state: String(v[8] ?? ''),
              },
            });
            inserted += 1;
          }
          const insertSeconds = (Date.now() - started) / 1000 - readSeconds;
          return reply({ rows: sheet.rowCount - 1, inserted, readSeconds, insertSeconds });
        },
      },
      app.log,
    ),
  ]);
  // BENCH_IMPORT_HEAP_PROFILE=<file>: V8's sampling heap profiler from here to the stop, counting
  // the objects the garbage collector already took (what an import allocates, not only what it
  // keeps); written as a .heapprofile (Chrome DevTools' Memory tab, or summed by a script).
  const profileFile = process.env.BENCH_IMPORT_HEAP_PROFILE;
  let session = null;
  if (profileFile) {
    const { Session } = await import('node:inspector/promises');
    session = new Session();
    session.connect();
    await session.post('HeapProfiler.startSampling', {
      samplingInterval: 32768,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
  }
  const writeProfile = async () => {
    if (!session) return;
    const { profile } = await session.post('HeapProfiler.stopSampling');
    (await import('node:fs')).writeFileSync(profileFile, JSON.stringify(profile));
  };
  if (session) process.prependListener('SIGTERM', () => void writeProfile().finally(() => process.exit(0)));
  await app.listen();
  process.stdout.write(`${JSON.stringify({ token })}\n`);
  process.stdin.on('close', () =>
    writeProfile()
      .then(() => app.destroy())
      .finally(() => process.exit(0)),
  );
  process.stdin.resume();
} catch (error) {
  console.error(error?.stack ?? error);
  process.exit(1);
}
