// ESLint flat config: TypeScript everywhere, React hooks rules in the venue.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * The venue's four apps on one kit (ARCHITECTURE, decision 068): `platform/` (the visitor venue),
 * `site/` (the public site) and `backoffice/` never import each other, `shared/` imports none of
 * them (nor the App), and only a feature's `api.ts` talks to the API client (`shared/api.ts`, the
 * one `createApiClient` call): components take their server state from their feature's hooks.
 * Tests and `venue/src/testing/` may reach the client (they stub it). Both rules are one
 * `no-restricted-imports` entry per file (a later entry for the same rule would replace, not add).
 */
const VENUE_APPS = {
  platform: {
    forbidden: ['backoffice', 'site'],
    message: 'The visitor venue imports neither the back office nor the public site: what two apps need lives in shared/.',
  },
  backoffice: {
    forbidden: ['platform', 'site'],
    message: 'The back office imports neither the visitor venue nor the public site: what two apps need lives in shared/.',
  },
  site: {
    forbidden: ['platform', 'backoffice'],
    message: 'The public site imports shared/ and the adapter only: what two apps need lives in shared/.',
  },
  shared: { forbidden: ['platform', 'backoffice', 'site', 'App'], message: 'shared/ serves every app and imports none of them.' },
};
/** A relative import that climbs out of the app's folder into one of `folders` (`../../site/events/EventCard`). */
const climbInto = (folders) => `^(\\.\\./)+(${folders.join('|')})(\\.tsx?)?(/|$)`;
const API_CLIENT_MESSAGE =
  "Only a feature's api.ts imports the API client: call its hooks or functions (query keys, options and mutations live there).";
const apiClient = (regex) => ({ regex, message: API_CLIENT_MESSAGE });
/** How a file names the client: `…/shared/api` from outside shared/, `./api` from shared/ itself, `../api` from its folders. */
const API_CLIENT_BY_PLACE = {
  app: [apiClient('(^|/)shared/api$')],
  sharedRoot: [apiClient('^\\./api$')],
  sharedFolder: [apiClient('^(\\.\\./)+api$')],
};
const API_CLIENT_PATHS = [{ name: '@plataforma/adapter/client', importNames: ['createApiClient'], message: API_CLIENT_MESSAGE }];
const restrict = (patterns, paths = []) => ({
  'no-restricted-imports': patterns.length || paths.length ? ['error', { patterns, paths }] : 'off',
});
/** Where the client rule does not apply: the features' api.ts files and the tests (which stub the client). */
const exempt = (folder) => [`${folder}/**/api.ts`, `${folder}/**/*.test.{ts,tsx}`, `${folder}/**/test-utils.tsx`];
const venueWalls = Object.entries(VENUE_APPS).flatMap(([app, { forbidden, message }]) => {
  const folder = `venue/src/${app}`;
  const wall = [{ regex: climbInto(forbidden), message }];
  const blocks =
    app === 'shared'
      ? [
          { files: [`${folder}/*.{ts,tsx}`], rules: restrict([...wall, ...API_CLIENT_BY_PLACE.sharedRoot], API_CLIENT_PATHS) },
          { files: [`${folder}/*/**/*.{ts,tsx}`], rules: restrict([...wall, ...API_CLIENT_BY_PLACE.sharedFolder], API_CLIENT_PATHS) },
        ]
      : [{ files: [`${folder}/**/*.{ts,tsx}`], rules: restrict([...wall, ...API_CLIENT_BY_PLACE.app], API_CLIENT_PATHS) }];
  // The wall holds for api.ts files too; shared/'s tests may render the whole App (as before).
  blocks.push({ files: [`${folder}/**/api.ts`], rules: restrict(wall) });
  blocks.push({ files: exempt(folder).slice(1), rules: restrict(app === 'shared' ? [] : wall) });
  return blocks;
});
// The app's root (App.tsx, main.tsx) routes to every app, and reaches the client through them only.
venueWalls.push({
  files: ['venue/src/*.{ts,tsx}'],
  ignores: exempt('venue/src'),
  rules: restrict(API_CLIENT_BY_PLACE.app, API_CLIENT_PATHS),
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/build/**',
      '**/.tmp/**',
      '**/.cache/**',
      '**/.strapi/**',
      'cms/types/generated/**',
      'cms/public/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'bench-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', exports: 'writable' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['venue/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  // Venue walls: four apps on one kit (ARCHITECTURE, decision 068).
  ...venueWalls,
  // Folder walls of the CMS: its lower floors never reach up into the content types' folders under src/api.
  {
    files: ['cms/src/**/*.ts'],
    ignores: ['cms/src/api/**', 'cms/src/index.ts', 'cms/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/api/**', '../api', '../../api'],
              message: 'Lower floors of cms/src never import a content type folder (src/api).',
            },
          ],
        },
      ],
    },
  },
  // The typed client is part of the venue's first load: it takes runtime values only from the
  // zod-free modules too (a path taken from a contract brought the whole of zod in: issue 17).
  {
    files: ['adapter/src/client/**/*.ts'],
    ignores: ['adapter/src/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../contracts/*', '!../contracts/paths'],
              allowTypeImports: true,
              message: 'The contracts build zod schemas: take paths from ../contracts/paths, and only types from the contracts.',
            },
          ],
        },
      ],
    },
  },
  // The visitor venue's first load takes runtime values from the adapter's zod-free modules
  // (`@plataforma/adapter/constants`, `/dates`, `/routes`, …), never from the root, which also
  // carries the contracts' zod schemas. Types may come from anywhere.
  {
    files: ['venue/src/platform/**/*.{ts,tsx}', 'venue/src/shared/**/*.{ts,tsx}', 'venue/src/App.tsx', 'venue/src/main.tsx'],
    ignores: ['venue/src/**/*.test.{ts,tsx}', 'venue/src/**/test-utils.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@plataforma/adapter',
              allowTypeImports: true,
              message:
                'Import runtime values from a zod-free module of the adapter (e.g. @plataforma/adapter/constants, /dates, /routes, /envelope).',
            },
          ],
          patterns: [
            {
              group: ['@plataforma/adapter/contracts/*', '@plataforma/adapter/server'],
              allowTypeImports: true,
              message: 'The contracts build zod schemas and the server part is for the CMS: types only in the venue.',
            },
          ],
        },
      ],
    },
  },
);
