import { defineConfig } from 'vitest/config';

// test/server-only holds what needs a PostgreSQL server (ending its connections and the like):
// it runs when TEST_DATABASE_URL names one, and is left out of the run on embedded PGlite.
const onServer = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    // The shared package's tests (pure functions) run here too, so `npm test` runs them.
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', '../../packages/shared/src/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...(onServer ? [] : ['test/server-only/**'])],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Each file opens its own database; two at a time suits a 2-core machine.
    maxWorkers: 2,
  },
});
