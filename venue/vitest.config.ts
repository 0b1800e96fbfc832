import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { adapterAliases } from './vite.config.ts';

export default defineProject({
  plugins: [react()],
  resolve: { alias: adapterAliases },
  test: {
    name: 'venue',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
  },
});
