import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import tseslint from 'typescript-eslint';

const web = 'apps/web/src';
// Every folder of features/ is one feature (a new one is covered without touching this file).
const features = readdirSync(`${import.meta.dirname}/${web}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-prod/**',
      'apps/web/public/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'data/**',
      'apps/server/drizzle/**',
      '**/*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  // CommonJS files (the import resolver in scripts/) load with require().
  {
    files: ['**/*.cjs'],
    languageOptions: { globals: { require: 'readonly', module: 'writable', exports: 'writable' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // The web app's boundaries (as bulletproof-react): a feature never imports another feature;
  // shared code (components, lib, config, locales, testing) never imports features or the app;
  // features never import the app. Routes and layouts in app/ compose.
  {
    files: [`${web}/**/*.{ts,tsx}`],
    plugins: { import: importPlugin },
    // The web app imports without extensions (Node's resolution with TypeScript's), by relative path
    // or from `@/` (src/, as apps/web/tsconfig.json's paths and vite.config.ts's alias say).
    settings: {
      'import/resolver': {
        [`${import.meta.dirname}/scripts/eslint-import-resolver-alias.cjs`]: {
          alias: { '@': `${import.meta.dirname}/${web}` },
          extensions: ['.ts', '.tsx', '.js', '.json'],
        },
      },
    },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(\\.\\./){2,}', message: 'Import from `@/` (src/) rather than climbing two or more folders.' },
          ],
        },
      ],
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((feature) => ({
              target: `./${web}/features/${feature}`,
              from: `./${web}/features`,
              except: [`./${feature}`],
              message:
                'A feature never imports another feature: compose them in app/ or move the shared piece to components/ or lib/.',
            })),
            { target: `./${web}/features`, from: `./${web}/app`, message: 'Features never import app/.' },
            {
              target: [
                `./${web}/components`,
                `./${web}/lib`,
                `./${web}/config`,
                `./${web}/locales`,
                `./${web}/testing`,
              ],
              from: [`./${web}/features`, `./${web}/app`],
              message: 'Shared code never imports features or app/.',
            },
          ],
        },
      ],
    },
  },
);
