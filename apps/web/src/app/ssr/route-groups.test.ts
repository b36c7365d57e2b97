import { describe, expect, it } from 'vitest';
import { matchRoutes, type RouteObject } from 'react-router';
import { routes } from '../router';
import { routeGroup } from './route-groups';

/** A match as a comparable value: each matched route's path and the leaf's parameters. */
const shape = (table: RouteObject[], pathname: string) => {
  const matches = matchRoutes(table, pathname);
  return matches && { paths: matches.map((m) => m.route.path ?? '(layout)'), params: matches.at(-1)!.params };
};

describe('routeGroup', () => {
  const addresses = [
    '/',
    '/bn',
    '/bn/',
    '/services',
    '/SERVICES',
    '/%73ervices',
    '/bn/services',
    '/services/6b1f0c1e-8d6e-4f7a-9a57-2d5c8f0e1a11',
    '/services/6b1f0c1e-8d6e-4f7a-9a57-2d5c8f0e1a11/phone-screen',
    '/bn/services/6b1f0c1e-8d6e-4f7a-9a57-2d5c8f0e1a11/phone-screen',
    '/services/a/b/c',
    '/providers/6b1f0c1e-8d6e-4f7a-9a57-2d5c8f0e1a11',
    '/bn/providers/x',
    '/privacy',
    '/bn/terms',
    '/support',
    '/login',
    '/bn/login',
    '/profile-settings',
    '/notifications',
    '/no-such-page',
    '/%E0%A6%A',
    '/bn/no-such-page',
    '/services-and-more',
  ];

  it.each(addresses)('matches %s as the whole table does', (pathname) => {
    const group = routeGroup(routes, pathname);
    expect(shape(group, pathname)).toEqual(shape(routes, pathname));
  });

  it('hands an address far fewer routes than the table holds', () => {
    const count = (table: RouteObject[]): number => table.reduce((n, route) => n + 1 + count(route.children ?? []), 0);
    expect(count(routeGroup(routes, '/services/x/y'))).toBeLessThan(count(routes) / 3);
    expect(routeGroup(routes, '/services/x')).toBe(routeGroup(routes, '/services/y'));
  });
});
