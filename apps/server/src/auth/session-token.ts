import { createSecretKey } from 'node:crypto';
import { decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';

const ISSUER = 'meramot';

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
      try {
        const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, algorithms: ['HS256'] });
        if (typeof payload.sid !== 'string' || typeof payload.sub !== 'string') return null;
        return { sessionId: payload.sid, userId: payload.sub };
      } catch {
        return null;
      }
    },
  };
}
