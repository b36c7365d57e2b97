import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, apiPage, kindOf, READ_YOUR_WRITES_MS, registerSession } from './api-client';
import { json } from '../testing/http';

const calls: Array<{ path: string; authorization: string | null }> = [];
function answer(respond: (authorization: string | null) => Response | Promise<Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit) => {
      const authorization = new Headers(init.headers).get('authorization');
      calls.push({ path: input, authorization });
      return respond(authorization);
    }),
  );
}

let unregister = () => {};
afterEach(() => {
  unregister();
  calls.length = 0;
  vi.unstubAllGlobals();
});

describe('api', () => {
  it('names each failure by kind, with the server sentence as message', async () => {
    expect([0, 400, 401, 403, 404, 409, 413, 429, 500, 503].map(kindOf)).toEqual([
      'network',
      'validation',
      'auth',
      'forbidden',
      'not-found',
      'conflict',
      'validation',
      'rate-limit',
      'server',
      'server',
    ]);
    answer(() => json({ error: 'This service is paused.' }, 409));
    const error = await api('/bookings', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, kind: 'conflict', message: 'This service is paused.' });
  });

  it('turns an unreachable server into a network error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api('/services')).rejects.toMatchObject({ kind: 'network', status: 0 });
  });

  it('sends the token of the session only to calls marked auth', async () => {
    unregister = registerSession({ getToken: () => 'session-1', refresh: async () => null });
    answer(() => json([]));
    await api('/services');
    await api('/bookings/user/a@b.c', { auth: true });
    expect(calls.map((c) => c.authorization)).toEqual([null, 'Bearer session-1']);
  });

  it('sends the token on public reads too for a while after a write of its own (read-your-writes)', async () => {
    // In the past, so that the later tests run long after this write.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2025-01-01T09:00:00Z') });
    try {
      unregister = registerSession({ getToken: () => 'session-1', refresh: async () => null });
      answer(() => json({}));
      await api('/services');
      // A failed write (or one without a token) changes nothing.
      answer(() => json({ error: 'This service is paused.' }, 409));
      await api('/bookings', { method: 'POST', body: {}, auth: true }).catch(() => undefined);
      answer(() => json({}));
      await api('/services');
      await api('/services', { method: 'POST', body: {}, auth: true });
      await api('/services');
      await api('/stats');
      vi.setSystemTime(Date.now() + READ_YOUR_WRITES_MS + 1);
      await api('/services');
      expect(calls.map((c) => `${c.path} ${c.authorization}`)).toEqual([
        '/api/services null',
        '/api/bookings Bearer session-1',
        '/api/services null',
        '/api/services Bearer session-1',
        '/api/services Bearer session-1',
        '/api/stats Bearer session-1',
        '/api/services null',
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers a 401 once for every caller: one refresh, then each call retried with the new token', async () => {
    const refresh = vi.fn(async () => 'session-2');
    unregister = registerSession({ getToken: () => 'session-1', refresh });
    answer((authorization) =>
      authorization === 'Bearer session-2' ? json({ ok: true }) : json({ error: 'Authentication required' }, 401),
    );
    const answers = await Promise.all([api('/users/me', { auth: true }), api('/bookings/user/a@b.c', { auth: true })]);
    expect(answers).toEqual([{ ok: true }, { ok: true }]);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(calls.filter((c) => c.authorization === 'Bearer session-2')).toHaveLength(2);
  });

  it('throws the 401 when the session cannot be refreshed (the auth state has signed out)', async () => {
    const refresh = vi.fn(async () => null);
    unregister = registerSession({ getToken: () => 'session-1', refresh });
    answer(() => json({ error: 'Authentication required' }, 401));
    await expect(api('/users/me', { auth: true })).rejects.toMatchObject({
      kind: 'auth',
      message: 'Authentication required',
    });
    expect(calls).toHaveLength(1);
  });

  it('does not refresh for the session calls themselves', async () => {
    const refresh = vi.fn(async () => 'session-2');
    unregister = registerSession({ getToken: () => 'session-1', refresh });
    answer(() => json({ error: 'Authentication required' }, 401));
    await expect(api('/auth/verify', { auth: 'no-refresh' })).rejects.toMatchObject({ kind: 'auth' });
    expect(refresh).not.toHaveBeenCalled();
  });
});

describe('apiPage', () => {
  const page = (body: unknown, total?: string) =>
    new Response(JSON.stringify(body), {
      headers: { 'content-type': 'application/json', ...(total === undefined ? {} : { 'X-Total-Count': total }) },
    });

  it('answers the items and the total of X-Total-Count', async () => {
    answer(() => page([{ _id: 'a' }, { _id: 'b' }], '14'));
    await expect(apiPage('/providers/p1/services?page=1&limit=2')).resolves.toEqual({
      items: [{ _id: 'a' }, { _id: 'b' }],
      total: 14,
    });
    expect(calls[0]!.path).toBe('/api/providers/p1/services?page=1&limit=2');
  });

  it('answers a null total when the header is missing or not a count, and throws a failure as api does', async () => {
    answer(() => page([{ _id: 'a' }]));
    await expect(apiPage('/x')).resolves.toEqual({ items: [{ _id: 'a' }], total: null });
    answer(() => page([], 'many'));
    await expect(apiPage('/x')).resolves.toEqual({ items: [], total: null });
    answer(() => json({ error: 'Provider not found' }, 404));
    await expect(apiPage('/x')).rejects.toMatchObject({ kind: 'not-found', message: 'Provider not found' });
  });
});
