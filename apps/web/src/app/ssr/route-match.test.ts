import { describe, expect, it, vi } from 'vitest';
import { matchRoutes, type RouteMatch, type RouteObject } from 'react-router';
import { routes } from '../router';
import { matchRoutesByShape } from './route-match';

vi.mock('react-router', async (importOriginal) => {
  const actual = await importOriginal<typeof import('react-router')>();
  return { ...actual, matchRoutes: vi.fn(actual.matchRoutes) };
});

const ID = '6b1f0c1e-8d6e-4f7a-9a57-2d5c8f0e1a11';
const OTHER = '0d9e8f7a-1b2c-4d3e-8f4a-5b6c7d8e9f00';

/** Addresses of every kind the server meets, each followed by one of the same shape with other values. */
const addresses = [
  ['/', '/'],
  ['/bn', '/BN'],
  ['/bn/', '/bn/'],
  ['/services', '/Services'],
  ['/SERVICES', '/%73ervices'],
  ['/bn/services', '/bn/SERVICES'],
  [`/services/${ID}`, `/services/${OTHER}`],
  [`/services/${ID}/phone-screen`, `/services/${OTHER}/ac-gas-refill`],
  [`/bn/services/${ID}/phone-screen`, `/bn/services/${OTHER}/%E0%A6%AB%E0%A7%8B%E0%A6%A8`],
  ['/services/a/b/c', '/services/x/y/z'],
  [`/providers/${ID}`, '/providers/not-a-uuid'],
  ['/bn/providers/x', `/bn/providers/${OTHER}`],
  ['/privacy', '/PRIVACY'],
  ['/bn/terms', '/bn/terms'],
  ['/support', '/support'],
  ['/login', '/Login'],
  ['/bn/login', '/bn/login'],
  ['/profile-settings', '/profile-settings'],
  ['/notifications', '/notifications'],
  ['/no-such-page', '/another-page'],
  ['/%E0%A6%A', '/%E0%A6%B'],
  // Not decoded, React Router compares the address as it is: no longer the service page's shape.
  [`/%73ervices/${ID}/%E0%A6%A`, `/services/${ID}/x`],
  [`/services/${ID}/x`, `/%73ervices/${ID}/%E0%A6%A`],
  ['/bn/no-such-page', '/bn/another'],
  ['/services-and-more', '/services-or-less'],
  [`/services/${ID}/`, `/services/${OTHER}/`],
  ['/services//x', '/services//y'],
  ['/services/bn', '/services/bn'],
  ['/bn/bn', '/bn/services/services'],
];

/** A match as React Router gives it: each route (the table's own object), its pathname, base and parameters. */
const described = (matches: RouteMatch[] | null) =>
  matches && matches.map(({ route, pathname, pathnameBase, params }) => ({ route, pathname, pathnameBase, params }));

describe('matchRoutesByShape', () => {
  it.each(addresses)('matches %s, then %s, as the whole table does', (first, second) => {
    // A table of its own, so the shapes kept start empty.
    const table = routes.map((route) => ({ ...route }));
    for (const pathname of [first, second, first]) {
      const ours = matchRoutesByShape(table, pathname);
      expect(described(ours)).toEqual(described(matchRoutes(table, pathname)));
      // The very route objects of the table (the render reads their elements and handles).
      ours?.forEach((match, i) => expect(match.route).toBe(matchRoutes(table, pathname)![i]!.route));
    }
  });

  it('matches a second address of a shape against its branch alone', () => {
    const count = (table: RouteObject[]): number => table.reduce((n, route) => n + 1 + count(route.children ?? []), 0);
    const table = routes.map((route) => ({ ...route }));
    matchRoutesByShape(table, `/services/${ID}/phone-screen`);
    const calls = vi.mocked(matchRoutes).mock.calls;
    const before = calls.length;
    const match = matchRoutesByShape(table, `/bn/services/${OTHER}/tv-repair`);
    // A new shape: the whole table.
    expect(count(calls[before]![0])).toBe(count(table));
    expect(match?.at(-1)?.params).toEqual({ id: OTHER, slug: 'tv-repair' });
    const again = matchRoutesByShape(table, `/bn/services/${ID}/phone-screen`);
    // The same shape: one route and its page.
    expect(count(calls[before + 1]![0])).toBe(2);
    expect(calls).toHaveLength(before + 2);
    expect(again?.at(-1)?.params).toEqual({ id: ID, slug: 'phone-screen' });
  });
});
