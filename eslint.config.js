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
  // The web app's boundaries (as bulletproof-react): a feature never imports another feature;
  // shared code (components, lib, config, locales, testing) never imports features or the app;
  // features never import the app. Routes and layouts in app/ compose.
  {
    files: [`${web}/**/*.{ts,tsx}`],
    plugins: { import: importPlugin },
    // The web app imports by relative path without extensions: Node's resolution with TypeScript's.
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } } },
    rules: {
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
