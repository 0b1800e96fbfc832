import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

const adapter = (file: string) => fileURLToPath(new URL(`../adapter/src/${file}`, import.meta.url));

export default defineProject({
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^@plataforma\/adapter\/client$/, replacement: adapter('client/index.ts') },
      { find: /^@plataforma\/adapter$/, replacement: adapter('index.ts') },
    ],
  },
  test: {
    name: 'venue',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
  },
});
