import { defineConfig } from 'vitest/config';

/** `npm run test:cluster`: several instances on one PostgreSQL server and Redis, and the real cluster behind HAProxy (test/cluster/*.cluster.ts). */
export default defineConfig({
  test: {
    include: ['test/cluster/**/*.cluster.ts'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // One file at a time: each starts several servers on a 2-core machine.
    maxWorkers: 1,
  },
});
