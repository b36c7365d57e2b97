import { vi } from 'vitest';
import type { User } from '@meramot/shared';
import { json } from '../../testing/http';

/** Test helpers for this feature: a signed-in provider and a fetch stub answering like the server. */
export const PROVIDER: User = {
  id: 'u-rahim',
  uid: 'rahim-uid',
  email: 'rahim@meramot.test',
  displayName: 'Rahim Uddin',
  photoURL: 'https://example.com/rahim.webp',
  phone: null,
  emailVerified: true,
  createdAt: '2026-11-01T10:00:00.000Z',
  lastLoginAt: '2026-11-20T10:00:00.000Z',
};

export { json };

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

type Handler = (call: Call) => Response | Promise<Response> | undefined;

/** Signs `user` in (stored token + verify answer) and routes every other call to `handler`. */
export function stubServer(handler: Handler, user: User = PROVIDER) {
  window.localStorage.setItem('meramot-token', 'session-token');
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const call = { method: init?.method ?? 'GET', path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      if (call.path === '/api/auth/verify') return json({ valid: true, user });
      return (await handler(call)) ?? json({ error: 'Not found' }, 404);
    }),
  );
  return calls;
}
