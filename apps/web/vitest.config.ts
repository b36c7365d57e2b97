import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { lucideIcon } from './build/lucide-icon';
import { preactAlias } from './build/preact-alias';

// `@/x` is src/x, as in vite.config.ts.
const src = { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) };

export default defineConfig({
  // The icons as the builds render them (build/lucide-icon.ts).
  plugins: [lucideIcon({ required: false })],
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    maxWorkers: 2,
    // The shared CI machine is often loaded: room for slow renders (tests still fail on wrong output).
    testTimeout: 30_000,
    // In CI a failed test runs once more, as the journeys do (playwright.config.ts); `npm test`'s
    // summary names every test that needed it (flaky), so that it gets mended, not forgotten.
    retry: process.env.CI ? 1 : 0,
    projects: [
      {
        // The components as the browser runs them: Preact for React (build/preact-alias.ts).
        extends: true,
        resolve: {
          alias: [src, ...preactAlias],
          // The libraries' ES module builds, whose imports of React the aliases answer.
          mainFields: ['module', 'main'],
          conditions: ['module', 'browser', 'development'],
        },
        test: {
          name: 'browser',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['src/**/*.ssr.test.{ts,tsx}'],
          // Bundled with the tests, so that their imports of React get Preact too (and one copy of each).
          server: {
            deps: {
              inline: [
                /\/preact\//,
                /@testing-library\//,
                /react-router/,
                /@tanstack\/react-query/,
                /lucide-react/,
                /react-hook-form/,
                /@hookform/,
              ],
            },
          },
        },
      },
      {
        // The markup as the server renders it: React (react-dom/server), as src/entry-server.tsx.
        extends: true,
        // lucide-react's ES module build (its `module` condition), where build/lucide-icon.ts swaps its
        // Icon, as the server's build does (Node's condition alone gets its single CommonJS file).
        resolve: { alias: [src], conditions: ['module', 'node'] },
        test: {
          name: 'server',
          // And the build's own pieces that make markup or styles (build/icon-masks.mjs).
          include: ['src/**/*.ssr.test.{ts,tsx}', 'build/**/*.test.ts'],
          // Bundled, so that its icons are the builds' (build/lucide-icon.ts).
          server: { deps: { inline: [/lucide-react/] } },
        },
      },
    ],
  },
});
