import os from 'node:os';
import { defineConfig } from 'vitest/config';
import SlowFirstSequencer from './tests/api/helpers/sequencer';

// Projects: `unit` (pure logic of adapter and cms), `venue` (React, jsdom; its own
// config), `api` (HTTP against Strapi booted in-process on a fresh database per file).
export default defineConfig({
  test: {
    // Vitest's default leaves a core idle (one worker on this 2-core machine): the unit and venue
    // files take two (417 s -> 315 s for both projects). The API files take two as well (decision 074).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'adapter/src/**/*.test.ts',
            'cms/src/**/*.test.ts',
            'scripts/**/*.test.ts',
            'database/**/*.test.ts',
            'tests/bench/**/*.test.mjs',
          ],
          // Some import a module graph (vite's config, zod schemas) that takes seconds on a loaded machine.
          testTimeout: 30_000,
        },
      },
      'venue/vitest.config.{ts,mts}',
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/api/helpers/global-setup.ts'],
          pool: 'forks',
          // Two files at a time, each with its own Strapi, database and free ports (decision 074):
          // one file keeps about half of this machine's two cores busy.
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
