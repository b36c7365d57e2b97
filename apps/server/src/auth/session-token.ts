import { createSecretKey } from 'node:crypto';
import { decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';

const ISSUER = 'meramot';
/** Verified tokens remembered (the oldest forgotten first). */
const VERIFIED_CACHE_SIZE = 20_000;

export interface SessionTokens {
  sign(userId: string, sessionId: string, expiresAt: Date): Promise<string>;
  /** The session and user a valid token names; null for a bad, expired or foreign token. */
  verify(token: string): Promise<{ sessionId: string; userId: string } | null>;
}

/** True when the token is one of ours (HS256); anything else is taken as a Firebase ID token. */
export function isSessionToken(token: string): boolean {
  try {
    return decodeProtectedHeader(token).alg === 'HS256';
  } catch {
    return false;
  }
}

/** Meramot's own session tokens: HS256 JWTs carrying the session id (`sid`) and the user id (`sub`). */
export function sessionTokens(jwtSecret: string): SessionTokens {
  // A KeyObject, imported once (jose would import raw bytes again on every verification).
  const secret = createSecretKey(Buffer.from(jwtSecret, 'utf8'));
  // Tokens already verified, until they expire: the same bytes verify the same way, and checking
  // the signature (jose imports the key for Web Crypto each time) was a tenth of a signed-in
  // call's CPU. Whether the session is still open is asked of the session cache every time.
  const verified = new Map<string, { claims: { sessionId: string; userId: string }; expiresAt: number }>();
  return {
    sign: (userId, sessionId, expiresAt) =>
      new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(ISSUER)
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(expiresAt)
        .sign(secret),
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (known.expiresAt > Date.now()) return known.claims;
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, algorithms: ['HS256'] });
        if (typeof payload.sid !== 'string' || typeof payload.sub !== 'string') return null;
        const claims = { sessionId: payload.sid, userId: payload.sub };
        if (typeof payload.exp === 'number') {
          if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
          verified.set(token, { claims, expiresAt: payload.exp * 1000 });
        }
        return claims;
      } catch {
        return null;
      }
    },
  };
}
