import type { DecodedIdToken } from 'firebase-admin/auth';
import type { Db } from '../db/client';
import type { Config } from '../env';
import { unauthorized } from '../lib/http-error';
import { openFirebaseAuth } from './firebase';
import { createRevocations } from './revocations';
import type { SessionCache } from './session-cache';
import { isSessionToken, sessionTokens } from './session-token';
import { findSessionUser } from './sessions';
import { findUserByUid, refreshUserFromToken, upsertVerifiedUser, type AuthUser } from './users';

export interface Authenticator {
  /** Verifies a Firebase ID token with firebase-admin (401 when it is not valid or revoked). */
  verifyFirebaseToken(idToken: string): Promise<DecodedIdToken>;
  /** Revokes the person's Firebase refresh tokens; their ID tokens stop working as bearer here at once. */
  revokeFirebaseTokens(uid: string): Promise<void>;
  signSessionToken(userId: string, sessionId: string, expiresAt: Date): Promise<string>;
  /**
   * The caller a bearer token names: our session token or a Firebase ID token; null when neither is
   * valid. A failed database or identity-service call throws (503), it is never read as "no caller".
   */
  userFromBearer(token: string): Promise<AuthUser | null>;
  /** Forgets the revocation time read for the person (a logout heard from another instance), or for everyone. */
  forgetRevocation(uid?: string): void;
  close(): Promise<void>;
}

/**
 * Identity for the HTTP layer: Firebase ID tokens (firebase-admin), Meramot's session tokens
 * (jose) and their session rows, read through the session cache.
 */
export function createAuthenticator(options: {
  config: Pick<Config, 'firebaseProjectId' | 'firebaseAuthEmulatorHost' | 'jwtSecret'>;
  db: Db;
  sessions: SessionCache;
  /** Told (and awaited) when a Firebase ID token used as a bearer creates or updates a user. */
  onUserChanged?: (userId: string) => void | Promise<void>;
}): Authenticator {
  const { db, sessions } = options;
  const firebase = openFirebaseAuth(options.config, 'api');
  const tokens = sessionTokens(options.config.jwtSecret);
  const revocations = createRevocations(firebase.auth);

  /** The decoded token, or null when it is not a valid, unrevoked Firebase ID token of this project. */
  async function verifiedIdToken(idToken: string): Promise<DecodedIdToken | null> {
    let decoded: DecodedIdToken;
    try {
      decoded = await firebase.auth.verifyIdToken(idToken);
    } catch {
      return null;
    }
    return (await revocations.isRevoked(decoded)) ? null : decoded;
  }

  async function sessionUser(token: string): Promise<AuthUser | null> {
    const claims = await tokens.verify(token);
    if (!claims) return null;
    const cached = sessions.get(claims.sessionId);
    const user = cached?.id === claims.userId ? cached : await findSessionUser(db, claims.sessionId, claims.userId);
    if (user && !cached) sessions.set(claims.sessionId, user);
    return user ? { ...user, sessionId: claims.sessionId } : null;
  }

  async function firebaseUser(token: string): Promise<AuthUser | null> {
    const decoded = await verifiedIdToken(token);
    if (!decoded) return null;
    // A known user is read, and written only when the token's verified claims differ from the row;
    // the first call creates the user. Either write drops the person's cached sessions.
    const known = await findUserByUid(db, decoded.uid);
    const changed = known
      ? await refreshUserFromToken(db, known, decoded)
      : await upsertVerifiedUser(db, decoded, { touchLogin: false });
    if (changed) await options.onUserChanged?.(changed.id);
    return { ...(changed ?? known!), sessionId: null };
  }

  return {
    async verifyFirebaseToken(idToken) {
      const decoded = await verifiedIdToken(idToken);
      if (!decoded) throw unauthorized('The sign-in token is invalid or has expired. Please sign in again.');
      return decoded;
    },
    revokeFirebaseTokens: (uid) => revocations.revoke(uid),
    signSessionToken: tokens.sign,
    // A bad token reads as "no caller" (401); a failed lookup throws on to the error handler (503).
    userFromBearer: (token) => (isSessionToken(token) ? sessionUser(token) : firebaseUser(token)),
    forgetRevocation: revocations.forget,
    close: firebase.close,
  };
}
