import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { languagePrefix } from '@meramot/shared';
import { paths, routePatterns } from '../config/paths';
import { GuestOnlyRoute, ProtectedRoute } from '../lib/auth/protected-route';
import { RootLayout } from './layouts/root-layout';
import { PageFallback } from './layouts/page-fallback';

type PageLoader = () => Promise<{ default: ComponentType }>;

/**
 * Code-split route: each page is its own chunk, loaded on first visit, or ahead by `preload`.
 * Once loaded, the page renders at once (no suspending): the browser preloads a server-rendered
 * page's chunk before hydrating (preloadPage), so Preact hydrates the server's elements in place
 * (resuming after a suspension, it keeps only a page's first element and builds the rest anew).
 */
function lazyPage(loader: PageLoader): { element: ReactNode; preload: () => Promise<void> } {
  let Loaded: ComponentType | undefined;
  const preload = () => loader().then((module) => void (Loaded = module.default));
  const Lazy = lazy(() => preload().then(() => ({ default: Loaded! })));
  const Page = () => (Loaded ? <Loaded /> : <Lazy />);
  return {
    element: (
      <Suspense fallback={<PageFallback />}>
        <Page />
      </Suspense>
    ),
    preload,
  };
}

const page = (loader: PageLoader): ReactNode => lazyPage(loader).element;

/** The public pages the server renders (entry-server.tsx), named on their routes. */
export type PublicPageName =
  'home' | 'services' | 'service' | 'provider' | 'privacy' | 'terms' | 'support' | 'not-found';

/** A public page's route: its name for the server, and how the browser loads its code ahead. */
export interface PublicPageHandle {
  publicPage: PublicPageName;
  preload: () => Promise<void>;
}

function publicRoute(path: string, name: PublicPageName, loader: PageLoader): RouteObject {
  const { element, preload } = lazyPage(loader);
  return { path, element, handle: { publicPage: name, preload } satisfies PublicPageHandle };
}

/**
 * The public pages, each at an address in each language (issue 22): English at the root, Bangla
 * under /bn. Both addresses share one element, so switching language keeps the page mounted.
 */
const publicPages: RouteObject[] = [
  publicRoute(paths.home, 'home', () => import('./routes/home')),
  publicRoute(paths.services, 'services', () => import('./routes/services')),
  // Anyone may read a service page; booking from it asks a visitor to sign in first.
  publicRoute(routePatterns.service, 'service', () => import('./routes/service-detail')),
  // A provider's page, their services and reviews.
  publicRoute(routePatterns.provider, 'provider', () => import('./routes/provider')),
  // Plain information pages (the footer's Privacy, Terms and Support), each its own chunk.
  publicRoute(paths.privacy, 'privacy', () => import('./routes/privacy')),
  publicRoute(paths.terms, 'terms', () => import('./routes/terms')),
  publicRoute(paths.support, 'support', () => import('./routes/support')),
];

const inBangla = (route: RouteObject): RouteObject => ({
  ...route,
  path: `${languagePrefix('bn')}${route.path === '/' ? '' : route.path}`,
});

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      ...publicPages,
      ...publicPages.map(inBangla),
      { path: paths.login, element: <GuestOnlyRoute>{page(() => import('./routes/login'))}</GuestOnlyRoute> },
      { path: paths.register, element: <GuestOnlyRoute>{page(() => import('./routes/register'))}</GuestOnlyRoute> },
      {
        path: paths.addService,
        element: <ProtectedRoute>{page(() => import('./routes/add-service'))}</ProtectedRoute>,
      },
      {
        path: paths.manageServices,
        element: <ProtectedRoute>{page(() => import('./routes/manage-services'))}</ProtectedRoute>,
      },
      {
        path: paths.bookedServices,
        element: <ProtectedRoute>{page(() => import('./routes/booked-services'))}</ProtectedRoute>,
      },
      // The spec's combined Bookings page: a redirect to each list's one home (Booked Services, Service To-Do).
      { path: paths.bookings, element: <ProtectedRoute>{page(() => import('./routes/bookings'))}</ProtectedRoute> },
      {
        path: paths.serviceTodo,
        element: <ProtectedRoute>{page(() => import('./routes/service-todo'))}</ProtectedRoute>,
      },
      {
        path: paths.profileSettings,
        element: <ProtectedRoute>{page(() => import('./routes/profile-settings'))}</ProtectedRoute>,
      },
      {
        path: paths.notifications,
        element: <ProtectedRoute>{page(() => import('./routes/notifications'))}</ProtectedRoute>,
      },
      { path: paths.notificationSettingsLink, element: page(() => import('./routes/notification-settings-link')) },
      publicRoute('*', 'not-found', () => import('./routes/not-found')),
    ],
  },
];

/** Loads the code of the public page at `pathname` (nothing for another screen). */
export function preloadPage(pathname: string): Promise<void> {
  const handle = matchRoutes(routes, pathname)?.at(-1)?.route.handle as PublicPageHandle | undefined;
  return handle?.preload() ?? Promise.resolve();
}

/** The app's pages at the router's location (the server renders the routes it matched: entry-server.tsx). */
export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * Declarative routing (BrowserRouter + useRoutes): the data-router APIs are not used, and leaving
 * them out keeps about 18 KB gzip of React Router off every page.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
