import { defineConfig, devices } from '@playwright/test';
import { E2E_PORT } from './support/env';

/**
 * Meramot's browser journeys: the real server (PGlite in a temporary DATA_DIR, demo data seeded),
 * the real Firebase Auth Emulator and the production build of the web app, driven in the system
 * Chromium. No browser is ever downloaded (CHROME_PATH or /usr/bin/chromium).
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  globalSetup: './global-setup.ts',
  globalTeardown: './global-teardown.ts',
  fullyParallel: false,
  forbidOnly: true,
  workers: process.env.CI ? 1 : 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 8_000 },
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    // Bangladesh: booking dates are checked in Asia/Dhaka time by the server.
    timezoneId: 'Asia/Dhaka',
    locale: 'en-US',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
            '--disable-dev-shm-usage',
          ],
        },
      },
    },
  ],
});
