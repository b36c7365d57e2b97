import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import { useLayoutEffect, type ReactElement, type ReactNode } from 'react';
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  useRoutes,
  type Location,
  type NavigateFunction,
  type RouteObject,
} from 'react-router';
import { AuthProvider } from '../lib/auth/auth-provider';
import '../lib/i18n';

/** The app's providers (as app/providers.tsx composes them) around a test's query client. */
export function TestProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
    </QueryClientProvider>
  );
}

/** Renders routes inside the app's providers (a fresh query client, no retries) at `url`. */
export function renderRoutes(routes: RouteObject[], url = '/', options?: RenderOptions) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = new TestRouter();
  const result = render(
    <TestProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <Routes routes={routes} onCommit={router.follow} />
      </MemoryRouter>
    </TestProviders>,
    options,
  );
  return { ...result, router, queryClient };
}

/** What a test reads and drives of the router: the current location, and navigate(). */
class TestRouter {
  state: { location: Location } = { location: { pathname: '/', search: '', hash: '', state: null, key: 'default' } };
  navigate: NavigateFunction = () => undefined;
  /** Follows the rendered router (given to it as a callback: components never change their props). */
  follow = (location: Location, navigate: NavigateFunction) => {
    this.state.location = location;
    this.navigate = navigate;
  };
}

function Routes({
  routes,
  onCommit,
}: {
  routes: RouteObject[];
  onCommit(location: Location, navigate: NavigateFunction): void;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  // After each commit (act() runs layout effects before a test reads the router).
  useLayoutEffect(() => onCommit(location, navigate), [onCommit, location, navigate]);
  return useRoutes(routes);
}

export function renderAt(element: ReactElement, url = '/') {
  return renderRoutes([{ path: '*', element }], url);
}
