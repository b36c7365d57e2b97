import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  // `@/x` is src/x, as in vite.config.ts.
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    maxWorkers: 2,
    // The shared CI machine is often loaded: room for slow renders (tests still fail on wrong output).
    testTimeout: 30_000,
  },
});
