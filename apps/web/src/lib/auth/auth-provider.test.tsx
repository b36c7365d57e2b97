import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/testing/fixtures';
import { renderAt } from '@/testing/render';
import { server } from '@/testing/server';
import { readStorage, storageKeys, writeStorage } from '../storage';
import { useAuth } from './auth-context';

function WhoIsIn() {
  const { user, loading } = useAuth();
  if (loading) return <p>loading</p>;
  return <p>{user ? `signed in as ${user.email}` : 'signed out'}</p>;
}

describe('AuthProvider and the stored token', () => {
  it('signs the stored token in when the server verifies it', async () => {
    writeStorage(storageKeys.token, 'good-token');
    const user = makeUser({ email: 'rahim@meramot.test' });
    server.use(http.get('/api/auth/verify', () => HttpResponse.json({ valid: true, user })));
    renderAt(<WhoIsIn />);
    expect(await screen.findByText('signed in as rahim@meramot.test')).toBeInTheDocument();
    expect(readStorage(storageKeys.token)).toBe('good-token');
  });

  it('drops the token the server refuses (401)', async () => {
    writeStorage(storageKeys.token, 'revoked-token');
    server.use(
      http.get('/api/auth/verify', () => HttpResponse.json({ error: 'Authentication required' }, { status: 401 })),
    );
    renderAt(<WhoIsIn />);
    expect(await screen.findByText('signed out')).toBeInTheDocument();
    expect(readStorage(storageKeys.token)).toBeNull();
  });

  it('keeps the token through an outage (503) and a lost connection, for the next try', async () => {
    writeStorage(storageKeys.token, 'good-token');
    let calls = 0;
    server.use(
      http.get('/api/auth/verify', () => {
        calls += 1;
        return calls % 2
          ? HttpResponse.json(
              { error: 'The database is not answering. Please try again shortly.' },
              { status: 503, headers: { 'retry-after': '5' } },
            )
          : HttpResponse.error();
      }),
    );
    renderAt(<WhoIsIn />);
    // Tried again (not a 401), and in the end shown signed out for now, with the token kept.
    await waitFor(() => expect(calls).toBeGreaterThan(1), { timeout: 15_000 });
    expect(await screen.findByText('signed out', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(readStorage(storageKeys.token)).toBe('good-token');
  });
});
