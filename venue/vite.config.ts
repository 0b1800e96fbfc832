import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Alias } from 'vite';

const adapterSource = fileURLToPath(new URL('../adapter/src/', import.meta.url));

/** The venue reads the adapter's TypeScript sources (never adapter/dist). Shared with vitest.config.ts. */
export const adapterAliases: Alias[] = [
  { find: /^@plataforma\/adapter\/client$/, replacement: `${adapterSource}client/index.ts` },
  // One module of the adapter by name (`@plataforma/adapter/dates`): the venue's first load takes
  // runtime values only from these zod-free modules (an ESLint rule says so), never from the root.
  { find: /^@plataforma\/adapter\/(?!client$|server$)([a-z-]+)$/, replacement: `${adapterSource}$1.ts` },
  { find: /^@plataforma\/adapter$/, replacement: `${adapterSource}index.ts` },
];

// `npm run dev` starts Strapi on PORT (default 1337): the API is proxied there unless VENUE_API_PORT says otherwise.
const api = `http://127.0.0.1:${process.env.VENUE_API_PORT || process.env.PORT || '1337'}`;

export default defineConfig({
  plugins: [react()],
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
