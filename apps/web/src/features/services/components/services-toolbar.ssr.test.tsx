import { QueryClient } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { addTranslations, setLanguage } from '@/lib/i18n';
import en from '@/locales/en/services.json';
import { TestProviders } from '@/testing/render';
import type { ServicesParams } from '../use-services-params';
import { ServicesToolbar } from './services-toolbar';

// A *.ssr.test.tsx file runs with React, as the server renders (vitest.config.ts): the browser's
// Preact renders no <noscript> content, React's server renders it for a reader without JavaScript.

addTranslations('services', en, () => import('@/locales/bn/services.json'));

afterEach(async () => {
  await act(() => setLanguage('en'));
});

const noFilters: ServicesParams = { page: 1 };

/** The toolbar as the server renders it (no effects, no JavaScript in the browser yet), parsed without scripting. */
function serverHtml(url: string, params: ServicesParams = noFilters) {
  const queryClient = new QueryClient();
  const html = renderToString(
    <TestProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <ServicesToolbar params={params} onChange={() => undefined} onClear={() => undefined} />
      </MemoryRouter>
    </TestProviders>,
  );
  // A parsed document runs no scripts: <noscript> content is parsed as elements, as a browser without JavaScript does.
  return new DOMParser().parseFromString(html, 'text/html');
}

describe('ServicesToolbar as the server renders it', () => {
  it('the server HTML has an Apply button inside <noscript> that submits the form', () => {
    const doc = serverHtml('/services');
    const form = doc.querySelector('form[role="search"]')!;
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/services');
    const apply = form.querySelector('noscript button')!;
    expect(apply.textContent).toBe('Apply');
    expect(apply.getAttribute('type')).toBe('submit');
    expect(form.querySelector('a')?.getAttribute('href')).toBe('/services');
  });

  it('the server HTML of a Bangla page: action /bn/services and a Bangla Apply button', async () => {
    await act(() => setLanguage('bn'));
    const doc = serverHtml('/bn/services');
    const form = doc.querySelector('form[role="search"]')!;
    expect(form.getAttribute('action')).toBe('/bn/services');
    expect(form.querySelector('noscript button')?.textContent).toBe('প্রয়োগ করুন');
    expect(form.querySelector('a')?.getAttribute('href')).toBe('/bn/services');
  });
});
