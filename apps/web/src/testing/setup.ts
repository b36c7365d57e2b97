import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { addTranslations } from '../lib/i18n';
import { resources } from '../locales/en';

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

// Component tests render features without their route modules: load every namespace.
for (const [namespace, bundle] of Object.entries(resources)) addTranslations(namespace, bundle);

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
