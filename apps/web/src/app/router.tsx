import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, useRoutes, type RouteObject } from 'react-router';
import { languagePrefix } from '@meramot/shared';
import { paths, routePatterns } from '../config/paths';
import { GuestOnlyRoute, ProtectedRoute } from '../lib/auth/protected-route';
import { RootLayout } from './layouts/root-layout';
import { PageFallback } from './layouts/page-fallback';

/** Code-split route: each page is its own chunk, loaded on first visit. */
function page(loader: () => Promise<{ default: ComponentType }>): ReactNode {
  const Page = lazy(loader);
  return (
    <Suspense fallback={<PageFallback />}>
      <Page />
    </Suspense>
  );
}

/** The public pages the server renders (entry-server.tsx), named on their routes. */
export type PublicPageName =
  'home' | 'services' | 'service' | 'provider' | 'privacy' | 'terms' | 'support' | 'not-found';
const publicPage = (name: PublicPageName) => ({ publicPage: name });

/**
 * The public pages, each at an address in each language (issue 22): English at the root, Bangla
 * under /bn. Both addresses share one element, so switching language keeps the page mounted.
 */
const publicPages: RouteObject[] = [
  { path: paths.home, element: page(() => import('./routes/home')), handle: publicPage('home') },
  { path: paths.services, element: page(() => import('./routes/services')), handle: publicPage('services') },
  // Anyone may read a service page; booking from it asks a visitor to sign in first.
  {
    path: routePatterns.service,
    element: page(() => import('./routes/service-detail')),
    handle: publicPage('service'),
  },
  // A provider's page, their services and reviews.
  { path: routePatterns.provider, element: page(() => import('./routes/provider')), handle: publicPage('provider') },
  // Plain information pages (the footer's Privacy, Terms and Support), each its own chunk.
  { path: paths.privacy, element: page(() => import('./routes/privacy')), handle: publicPage('privacy') },
  { path: paths.terms, element: page(() => import('./routes/terms')), handle: publicPage('terms') },
  { path: paths.support, element: page(() => import('./routes/support')), handle: publicPage('support') },
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
      { path: '*', element: page(() => import('./routes/not-found')), handle: publicPage('not-found') },
    ],
  },
];

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
