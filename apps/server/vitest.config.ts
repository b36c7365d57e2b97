import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The shared package's tests (pure functions) run here too, so `npm test` runs them.
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', '../../packages/shared/src/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Each file opens its own database; two at a time suits a 2-core machine.
    maxWorkers: 2,
  },
});
