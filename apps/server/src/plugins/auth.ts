import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type DecodedIdToken } from 'firebase-admin/auth';
import { createSecretKey } from 'node:crypto';
import { decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import type { Config } from '../env';
import { unauthorized } from '../lib/http-error';
import { findSessionUser, findUserByUid, upsertVerifiedUser, type UserRow } from '../routes/auth/auth.service';

const ISSUER = 'meramot';

export interface AuthUser extends UserRow {
  /** Our session id, or null when the caller sent a Firebase ID token. */
  sessionId: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Verifies a Firebase ID token with firebase-admin. */
    verifyFirebaseToken(idToken: string): Promise<DecodedIdToken>;
    signSessionToken(userId: string, sessionId: string, expiresAt: Date): Promise<string>;
    /** preHandler: requires a valid bearer token and sets request.user. */
    authenticate(request: FastifyRequest): Promise<void>;
    /** preHandler: sets request.user when a valid bearer token is sent, and lets anyone through. */
    authenticateOptional(request: FastifyRequest): Promise<void>;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

let appCounter = 0;

export const authPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const { config } = opts;
  if (config.firebaseAuthEmulatorHost) {
    // firebase-admin reads the emulator host from the environment itself.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = config.firebaseAuthEmulatorHost;
  }
  const firebaseApp: App = initializeApp({ projectId: config.firebaseProjectId }, `meramot-${process.pid}-${++appCounter}`);
  const firebaseAuth = getAuth(firebaseApp);
  // A KeyObject, imported once (jose would import raw bytes again on every verification).
  const secret = createSecretKey(Buffer.from(config.jwtSecret, 'utf8'));
  // Open sessions seen recently: a signed-in call skips the session lookup for
  // SESSION_CACHE_SECONDS. Any successful change made with the session (logout included) drops its
  // entry at once in this process; another server notices a logout within that time.
  const recentSessions = new LRUCache<string, UserRow>({
    max: 10_000,
    ttl: Math.max(1, config.sessionCacheSeconds * 1000),
  });
  const cacheSessions = config.sessionCacheSeconds > 0;
  app.addHook('onSend', async (request, reply, payload) => {
    const sessionId = request.user?.sessionId;
    if (sessionId && request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) {
      recentSessions.delete(sessionId);
    }
    return payload;
  });

  app.addHook('onClose', async () => {
    await deleteApp(firebaseApp);
  });

  app.decorate('verifyFirebaseToken', async (idToken: string) => {
    try {
      return await firebaseAuth.verifyIdToken(idToken);
    } catch {
      throw unauthorized('The sign-in token is invalid or has expired. Please sign in again.');
    }
  });

  app.decorate('signSessionToken', (userId: string, sessionId: string, expiresAt: Date) =>
    new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .setSubject(userId)
      .setIssuedAt()
      .setExpirationTime(expiresAt)
      .sign(secret),
  );

  app.decorateRequest('user', null);

  async function userFromBearer(token: string): Promise<AuthUser | null> {
    let alg: string | undefined;
    try {
      alg = decodeProtectedHeader(token).alg;
    } catch {
      return null;
    }
    if (alg === 'HS256') {
      try {
        const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, algorithms: ['HS256'] });
        if (typeof payload.sid !== 'string' || typeof payload.sub !== 'string') return null;
        const cached = cacheSessions ? recentSessions.get(payload.sid) : undefined;
        const user = cached?.id === payload.sub ? cached : await findSessionUser(app.db, payload.sid, payload.sub);
        if (user && cacheSessions && !cached) recentSessions.set(payload.sid, user);
        return user ? { ...user, sessionId: payload.sid } : null;
      } catch {
        return null;
      }
    }
    // Anything else is taken as a Firebase ID token (the spec's client may send one).
    try {
      const decoded = await firebaseAuth.verifyIdToken(token);
      // A known user is read, not rewritten, on every call; the first call creates the user.
      const user =
        (await findUserByUid(app.db, decoded.uid)) ?? (await upsertVerifiedUser(app.db, decoded, { touchLogin: false }));
      return { ...user, sessionId: null };
    } catch {
      return null;
    }
  }

  function bearerToken(request: FastifyRequest): string | null {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
    return match ? match[1]! : null;
  }

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    const user = token ? await userFromBearer(token) : null;
    if (!user) throw unauthorized();
    request.user = user;
  });

  app.decorate('authenticateOptional', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (token) request.user = await userFromBearer(token);
  });
});
