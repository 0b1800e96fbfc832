import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { adapterAliases, ptSections } from './vite.config.ts';

export default defineProject({
  plugins: [react(), ptSections()],
  resolve: { alias: adapterAliases },
  test: {
    name: 'venue',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'jsdom',
    // Worker threads, not forked processes: 258 s against 327 s for the 88 files, same tests and
    // load (decision 074). No venue test needs a process of its own.
    pool: 'threads',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
    // Under load (2 cores, other processes busy) one screen test can take tens of seconds; the
    // default 5 s limit failed tests that were right (issue 20). Waits inside tests are 15 s.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
