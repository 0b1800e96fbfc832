import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Alias } from 'vite';

const adapterSource = fileURLToPath(new URL('../adapter/src/', import.meta.url));

/** The venue reads the adapter's TypeScript sources (never adapter/dist). Shared with vitest.config.ts. */
export const adapterAliases: Alias[] = [
  { find: /^@plataforma\/adapter\/client$/, replacement: `${adapterSource}client/index.ts` },
  { find: /^@plataforma\/adapter\/constants$/, replacement: `${adapterSource}constants.ts` },
  { find: /^@plataforma\/adapter$/, replacement: `${adapterSource}index.ts` },
];

const api = `http://127.0.0.1:${process.env.VENUE_API_PORT ?? '1337'}`;

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
      treeshake: {
        // The adapter's modules only declare things (zod schemas, constants, functions): a module
        // none of whose exports is used can go. Without this, the top-level `z.object(...)` calls
        // count as side effects and pull zod (~27 KB gzipped) into the platform's first load.
        // Mind it in platform code: a runtime value (not a type) taken from a module that builds
        // schemas (entities.ts, auth.ts, inputs.ts) brings all of zod back; routes, messages,
        // envelope (ApiError), schedule, money and video are free. The back office may use them.
        moduleSideEffects: (id: string) => !id.startsWith(adapterSource),
      },
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
