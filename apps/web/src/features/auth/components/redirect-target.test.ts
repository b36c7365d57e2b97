import { describe, expect, it } from 'vitest';
import { isFirstSignIn, keepFrom, redirectTarget } from './redirect-target';

describe('redirectTarget', () => {
  it('returns to the from location with its search and hash', () => {
    expect(
      redirectTarget({ from: { pathname: '/services/abc', search: '?x=1', hash: '#reviews', state: null, key: 'k' } }),
    ).toBe('/services/abc?x=1#reviews');
    expect(redirectTarget({ from: '/manage-services' })).toBe('/manage-services');
  });

  it('goes home without a usable from', () => {
    expect(redirectTarget(null)).toBe('/');
    expect(redirectTarget(undefined)).toBe('/');
    expect(redirectTarget({})).toBe('/');
    expect(redirectTarget({ from: { search: '?a' } })).toBe('/');
    expect(redirectTarget({ from: 42 })).toBe('/');
  });

  it('never leaves the app and never loops back to an auth page', () => {
    expect(redirectTarget({ from: 'https://evil.example/' })).toBe('/');
    expect(redirectTarget({ from: '//evil.example/x' })).toBe('/');
    expect(redirectTarget({ from: '/\\evil.example' })).toBe('/');
    expect(redirectTarget({ from: { pathname: '/login', search: '?a=1' } })).toBe('/');
    expect(redirectTarget({ from: '/register/' })).toBe('/');
  });

  it("reads the address's ?from= when the state has none (a link followed before the app ran)", () => {
    expect(redirectTarget(null, '?from=%2Fservices%2Fabc%2Ffridge-repair')).toBe('/services/abc/fridge-repair');
    expect(redirectTarget({ from: '/bookings' }, '?from=%2Fservices')).toBe('/bookings');
    expect(redirectTarget(null, '?from=https%3A%2F%2Fevil.example%2F')).toBe('/');
    expect(redirectTarget(null, '?from=%2F%2Fevil.example')).toBe('/');
    expect(redirectTarget(null, '?from=%2Flogin')).toBe('/');
    expect(keepFrom(null, '?from=%2Fservices%2Fabc')).toEqual({ from: '/services/abc' });
  });

  it('keeps only from when moving between Login and Register', () => {
    expect(keepFrom({ from: '/bookings', registered: true })).toEqual({ from: '/bookings' });
    expect(keepFrom(null)).toEqual({});
  });
});

describe('isFirstSignIn', () => {
  it('is true when the account was created by this sign-in', () => {
    expect(isFirstSignIn({ createdAt: '2026-03-01T10:00:00.000Z', lastLoginAt: '2026-03-01T10:00:00.120Z' })).toBe(
      true,
    );
  });
  it('is false for a returning user or without a login time', () => {
    expect(isFirstSignIn({ createdAt: '2026-03-01T10:00:00.000Z', lastLoginAt: '2026-03-05T08:00:00.000Z' })).toBe(
      false,
    );
    expect(isFirstSignIn({ createdAt: '2026-03-01T10:00:00.000Z', lastLoginAt: null })).toBe(false);
    expect(isFirstSignIn({ createdAt: 'garbage', lastLoginAt: 'garbage' })).toBe(false);
  });
});
