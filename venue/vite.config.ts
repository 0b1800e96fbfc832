import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Alias, type Plugin } from 'vite';
import { axiosWithoutFetch } from './src/shared/axiosWithoutFetch';

const adapterSource = fileURLToPath(new URL('../adapter/src/', import.meta.url));

/** The venue reads the adapter's TypeScript sources (never adapter/dist). Shared with vitest.config.ts. */
export const adapterAliases: Alias[] = [
  { find: /^@plataforma\/adapter\/client$/, replacement: `${adapterSource}client/index.ts` },
  // One contract by name (`@plataforma/adapter/contracts/client`): the site's forms take their
  // schema from it without the root's every contract in their chunk (decision 068).
  { find: /^@plataforma\/adapter\/contracts\/([a-z0-9-]+)$/, replacement: `${adapterSource}contracts/$1.ts` },
  // One module of the adapter by name (`@plataforma/adapter/dates`): the venue's first load takes
  // runtime values only from these zod-free modules (an ESLint rule says so), never from the root.
  { find: /^@plataforma\/adapter\/(?!client$|server$)([a-z0-9-]+)$/, replacement: `${adapterSource}$1.ts` },
  { find: /^@plataforma\/adapter$/, replacement: `${adapterSource}index.ts` },
];

/**
 * Every text file of the build also as `.br` (brotli 11) and `.gz` (gzip 9) beside it: the server
 * (cms/src/middlewares/venue.ts) sends the smallest form the browser accepts, with no compressing
 * per request. Files under 1 KB are left as they are.
 */
const precompress = (): Plugin => ({
  name: 'plataforma-precompress',
  apply: 'build',
  async writeBundle(options, bundle) {
    const dir = options.dir ?? path.join(path.dirname(fileURLToPath(import.meta.url)), 'dist');
    const texts = Object.keys(bundle).filter((name) => /\.(js|mjs|css|svg|json|txt|webmanifest)$/.test(name));
    await Promise.all(
      texts.map(async (name) => {
        const file = path.join(dir, name);
        const data = await readFile(file);
        if (data.length < 1024) return;
        const brotli = brotliCompressSync(data, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
        });
        await Promise.all([writeFile(`${file}.br`, brotli), writeFile(`${file}.gz`, gzipSync(data, { level: 9 }))]);
      }),
    );
  },
});

// `npm run dev` starts Strapi on PORT (default 1337): the API is proxied there unless VENUE_API_PORT says otherwise.
const api = `http://127.0.0.1:${process.env.VENUE_API_PORT || process.env.PORT || '1337'}`;

/**
 * `virtual:pt-section/<name>`: one section of the bundled PT pack as its own module, so a lazy part
 * of the app carries its texts while the first load leaves them out (the commerce screens).
 */
const PT_PACK = fileURLToPath(new URL('./src/shared/i18n/locales/pt.json', import.meta.url));
export const ptSections = (): Plugin => ({
  name: 'plataforma:pt-section',
  resolveId: (id) => (id.startsWith('virtual:pt-section/') ? `\0${id}` : null),
  async load(id) {
    if (!id.startsWith('\0virtual:pt-section/')) return null;
    this.addWatchFile(PT_PACK);
    const pack = JSON.parse(await readFile(PT_PACK, 'utf8')) as Record<string, unknown>;
    const section = id.slice('\0virtual:pt-section/'.length);
    if (!(section in pack)) this.error(`The PT pack has no section '${section}'`);
    return `export default ${JSON.stringify(pack[section])};`;
  },
});

export default defineConfig({
  plugins: [react(), precompress(), ptSections(), axiosWithoutFetch()],
  resolve: { alias: adapterAliases },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      ['/api', '/auth', '/uploads', '/socket.io', '/admin'].map((path) => [path, { target: api, ws: path === '/socket.io' }]),
    ),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2020',
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // React and the router change rarely: their own long-cached chunks. The back office is
        // a dynamic import (routes in src/App.tsx), so it is a separate lazy chunk.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/](react-router|react-router-dom|@remix-run[\\/]router)[\\/]/ },
          ],
        },
      },
    },
  },
});
