import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { TestProviders } from '@/testing/render';

/**
 * Renders `element` inside the app's providers with the query cache already holding `seed`, so
 * the first render shows the data (handy with fake timers, which would stall a real fetch).
 */
export function renderWithData(element: ReactElement, seed: Array<[QueryKey, unknown]> = []) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  for (const [key, data] of seed) queryClient.setQueryData(key, data);
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/'] });
  const result = render(
    <TestProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { ...result, queryClient, router };
}
