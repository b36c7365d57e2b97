import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionTokens } from './session-token';

const secret = 'a-test-secret-that-is-long-enough-for-hs256-0123456789';
const sessionId = '7b0c3e4a-2f1d-4c5e-9a8b-1c2d3e4f5a6b';
const userId = '0f1e2d3c-4b5a-4968-8776-655443322110';

afterEach(() => vi.useRealTimers());

describe('session tokens', () => {
  it('verifies a token again from memory, and refuses it once expired', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-25T10:00:00Z'), toFake: ['Date'] });
    const tokens = sessionTokens(secret);
    const token = await tokens.sign(userId, sessionId, new Date(Date.now() + 60_000));
    expect(await tokens.verify(token)).toEqual({ sessionId, userId });
    expect(await tokens.verify(token)).toEqual({ sessionId, userId });
    vi.setSystemTime(new Date(Date.now() + 61_000));
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuses a changed signature, another secret and a token that is not a JWT', async () => {
    const tokens = sessionTokens(secret);
    const token = await tokens.sign(userId, sessionId, new Date(Date.now() + 60_000));
    expect(await tokens.verify(token)).not.toBeNull();
    const [head, body, signature] = token.split('.');
    const changed = `${head}.${body}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await tokens.verify(changed)).toBeNull();
    expect(await sessionTokens(`${secret}-other`).verify(token)).toBeNull();
    expect(await tokens.verify('not-a-token')).toBeNull();
  });
});
