import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { addTranslations } from '../lib/i18n';
import { resources } from '../locales/en';
import { resetApiState } from './api-state';
import { calls, server } from './server';

// jsdom has no matchMedia; SweetAlert2 and the reduced-motion checks call it.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// No test talks to the identity service: its mock (lib/__mocks__/firebase.ts) has nobody signed in, so a session
// refresh after a 401 fails at once (the session ends); tests drive its SDK calls through that module.
vi.mock('../lib/firebase');

// Component tests render features without their route modules: load every namespace.
for (const [namespace, bundle] of Object.entries(resources)) addTranslations(namespace, bundle);

// A loaded machine can be slow: give lazy chunks and renders time to appear (the test timeout is
// in vitest.config.ts).
configure({ asyncUtilTimeout: 8_000 });

// The mock API: every fetch of a test goes to it; a call no handler knows fails the test.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  resetApiState();
  calls.length = 0;
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  window.localStorage.clear();
});
afterAll(async () => {
  server.close();
  // Preact runs effects after the next frame, through requestAnimationFrame with a 35 ms timer as
  // its fallback: a timer still pending when the file's jsdom is torn down fires without
  // cancelAnimationFrame and fails the run ("cancelAnimationFrame is not defined", an unhandled
  // error in no test). Let them fire first.
  await new Promise((resolve) => setTimeout(resolve, 60));
});
