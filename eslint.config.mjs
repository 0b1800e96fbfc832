// ESLint flat config: TypeScript everywhere, React hooks rules in the venue.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
  // Folder walls (ARCHITECTURE "How code should look"): the visitor venue and the back office
  // never import each other, shared code imports neither, and the CMS's lower floors never
  // reach up into the content types' folders under src/api.
  {
    files: ['venue/src/platform/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/backoffice', '**/backoffice/**'], message: 'The venue does not import the back office.' }] },
      ],
    },
  },
  {
    files: ['venue/src/backoffice/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/platform', '**/platform/**'], message: 'The back office does not import the visitor venue.' }] },
      ],
    },
  },
  {
    files: ['venue/src/shared/**/*.{ts,tsx}'],
    ignores: ['venue/src/shared/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/platform', '**/platform/**', '**/backoffice', '**/backoffice/**', '**/App', '**/App.tsx'],
              message: 'shared/ serves both apps and imports neither.',
            },
          ],
        },
      ],
    },
  },
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
