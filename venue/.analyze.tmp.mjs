import { build } from 'vite';
import { gzipSync } from 'node:zlib';
const pure = process.argv[2] === 'pure';
const out = await build({
  root: '/work/main/venue',
  configFile: '/work/main/venue/vite.config.ts',
  logLevel: 'silent',
  build: {
    write: false,
    outDir: '/tmp/venue-an',
    rollupOptions: pure ? { treeshake: { moduleSideEffects: (id) => !/\/adapter\/src\//.test(id) } } : {},
  },
});
const outputs = Array.isArray(out) ? out.flatMap((o) => o.output) : out.output;
for (const chunk of outputs) {
  if (chunk.type !== 'chunk') continue;
  const byPkg = {};
  for (const [id, m] of Object.entries(chunk.modules)) {
    const mm = id.match(/node_modules\/((@[^/]+\/)?[^/]+)/);
    const k = mm ? mm[1] : id.replace('/work/main/', '').split('/').slice(0, 3).join('/');
    byPkg[k] = (byPkg[k] ?? 0) + m.renderedLength;
  }
  console.log('==', chunk.fileName, chunk.code.length, 'gz', gzipSync(chunk.code).length);
  for (const [k, v] of Object.entries(byPkg)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12))
    console.log('  ', k, v);
}
