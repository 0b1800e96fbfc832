import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const adapter = (file: string) => fileURLToPath(new URL(`../adapter/src/${file}`, import.meta.url));
const api = `http://127.0.0.1:${process.env.VENUE_API_PORT ?? '1337'}`;

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^@plataforma\/adapter\/client$/, replacement: adapter('client/index.ts') },
      { find: /^@plataforma\/adapter$/, replacement: adapter('index.ts') },
    ],
  },
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
    rollupOptions: {
      output: {
        manualChunks: (id) => {
          if (id.includes('node_modules/react-dom') || id.includes('node_modules/react/') || id.includes('node_modules/scheduler'))
            return 'react';
          if (id.includes('node_modules/react-router') || id.includes('node_modules/@remix-run')) return 'router';
          return undefined;
        },
      },
    },
  },
});
