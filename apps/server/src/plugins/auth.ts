import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { DecodedIdToken } from 'firebase-admin/auth';
import { createAuthenticator, createSessionCache, type AuthUser } from '../auth';
import type { Config } from '../env';
import { unauthorized } from '../lib/http-error';
import { syncProviderServices } from '../routes/providers/providers.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Verifies a Firebase ID token with firebase-admin. */
    verifyFirebaseToken(idToken: string): Promise<DecodedIdToken>;
    /** Revokes a person's Firebase refresh tokens and stops their ID tokens working as bearer. */
    revokeFirebaseTokens(uid: string): Promise<void>;
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

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match ? match[1]! : null;
}

/** The request decorators of identity (src/auth does the work). */
export const authPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const sessions = createSessionCache(opts.config.sessionCacheSeconds, 10_000, () => app.invalidation.cachesEnabled);
  const authenticator = createAuthenticator({
    config: opts.config,
    db: app.db,
    sessions,
    // The token's name or photo may have changed: the person's services carry them.
    onUserChanged: async (userId) => {
      const renamed = await syncProviderServices(app.db, userId);
      app.invalidation.publish({ resources: renamed ? ['users', 'services'] : ['users'], userId });
    },
  });
  // A logout drops its session at once; a change to a person drops all of their cached sessions.
  // A logout also makes every instance read the person's Firebase revocation time again (the one
  // that logged out knows it already).
  app.invalidation.subscribe(({ resources, userId, sessionId, firebaseUid, everything }) => {
    if (everything) {
      sessions.clear();
      authenticator.forgetRevocation();
    }
    if (resources.includes('sessions') && sessionId) sessions.dropSession(sessionId);
    if (resources.includes('sessions') && firebaseUid) authenticator.forgetRevocation(firebaseUid);
    if (resources.includes('users') && userId) sessions.dropUser(userId);
  });
  app.addHook('onClose', () => authenticator.close());

  app.decorate('verifyFirebaseToken', authenticator.verifyFirebaseToken);
  app.decorate('revokeFirebaseTokens', authenticator.revokeFirebaseTokens);
  app.decorate('signSessionToken', authenticator.signSessionToken);
  app.decorateRequest('user', null);

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    const user = token ? await authenticator.userFromBearer(token) : null;
    if (!user) throw unauthorized();
    request.user = user;
  });

  app.decorate('authenticateOptional', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (token) request.user = await authenticator.userFromBearer(token);
  });
});
