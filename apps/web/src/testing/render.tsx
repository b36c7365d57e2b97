import { QueryClient } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation, useNavigate, useRoutes, type Location, type NavigateFunction, type RouteObject } from 'react-router';
import { AppProviders } from '../app/providers';

/** Renders routes inside the app's providers (a fresh query client, no retries) at `url`. */
export function renderRoutes(routes: RouteObject[], url = '/', options?: RenderOptions) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = new TestRouter();
  const result = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <Routes routes={routes} router={router} />
      </MemoryRouter>
    </AppProviders>,
    options,
  );
  return { ...result, router, queryClient };
}

/** What a test reads and drives of the router: the current location, and navigate(). */
class TestRouter {
  state: { location: Location } = { location: { pathname: '/', search: '', hash: '', state: null, key: 'default' } };
  navigate: NavigateFunction = () => undefined;
}

function Routes({ routes, router }: { routes: RouteObject[]; router: TestRouter }) {
  const location = useLocation();
  router.state.location = location;
  router.navigate = useNavigate();
  return useRoutes(routes);
}

export function renderAt(element: ReactElement, url = '/') {
  return renderRoutes([{ path: '*', element }], url);
}
