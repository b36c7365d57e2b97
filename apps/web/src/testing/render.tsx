import { QueryClient } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '../app/providers';

/** Renders routes inside the app's providers (a fresh query client, no retries) at `url`. */
export function renderRoutes(routes: RouteObject[], url = '/', options?: RenderOptions) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
    options,
  );
  return { ...result, router, queryClient };
}

export function renderAt(element: ReactElement, url = '/') {
  return renderRoutes([{ path: '*', element }], url);
}
