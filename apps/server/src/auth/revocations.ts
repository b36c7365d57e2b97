import type { Auth, DecodedIdToken } from 'firebase-admin/auth';
import { LRUCache } from 'lru-cache';
import { HttpError } from '../lib/http-error';

/** How long a person's "tokens valid after" time is reused before it is read again from Firebase. */
export const REVOCATION_CACHE_SECONDS = 30;

export interface Revocations {
  /** True when the ID token was issued before the person's tokens were revoked (or the account is gone). */
  isRevoked(token: DecodedIdToken): Promise<boolean>;
  /** Revokes the person's Firebase refresh tokens (every device signs in again) and remembers it here at once. */
  revoke(uid: string): Promise<void>;
  /** Forgets what is known of the person (another instance revoked their tokens), or of everyone. */
  forget(uid?: string): void;
}

/**
 * Revocation of Firebase ID tokens, checked the way firebase-admin's `verifyIdToken(token, true)`
 * does (`auth_time` against the account's `tokensValidAfterTime`, at second precision), but with the
 * account's time kept for REVOCATION_CACHE_SECONDS: `verifyIdToken(token, true)` reads the account
 * from Firebase on every request, this reads it once per person per 30 s. A logout on this server
 * takes effect at once; on another server within those seconds.
 */
export function createRevocations(auth: Auth, ttlSeconds = REVOCATION_CACHE_SECONDS): Revocations {
  // uid -> the time (ms) before which the person's tokens are revoked; Infinity for a deleted or disabled account.
  const validAfter = new LRUCache<string, number>({ max: 50_000, ttl: ttlSeconds * 1000 });

  async function load(uid: string): Promise<number> {
    try {
      const record = await auth.getUser(uid);
      if (record.disabled) return Infinity;
      return record.tokensValidAfterTime ? Date.parse(record.tokensValidAfterTime) : 0;
    } catch (err) {
      if ((err as { code?: string }).code === 'auth/user-not-found') return Infinity;
      throw new HttpError(503, 'The sign-in service is temporarily unavailable. Please try again in a few seconds.');
    }
  }

  return {
    async isRevoked(token) {
      let since = validAfter.get(token.uid);
      if (since === undefined) {
        since = await load(token.uid);
        validAfter.set(token.uid, since);
      }
      return token.auth_time * 1000 < since;
    },
    async revoke(uid) {
      await auth.revokeRefreshTokens(uid);
      // Firebase keeps the revocation time in whole seconds; so does this cache.
      validAfter.set(uid, Math.floor(Date.now() / 1000) * 1000);
    },
    forget: (uid) => void (uid === undefined ? validAfter.clear() : validAfter.delete(uid)),
  };
}
