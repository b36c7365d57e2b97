import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, firebaseLoginSchema, loginAnswerSchema, userSchema } from '@meramot/shared';
import type { Config } from '../../env';
import { openSession, revokeSession, toApiUser, upsertVerifiedUser } from '../../auth';
import { syncProviderServices } from '../providers/providers.service';

const authErrors = { 401: errorSchema };

export const authRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.post(
    '/auth/firebase-login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Exchange a Firebase ID token for a Meramot session token',
        description:
          'Verifies idToken with firebase-admin, creates or refreshes the user from the verified token (never from the other body fields), opens a session and returns its token.',
        body: firebaseLoginSchema,
        response: { 200: loginAnswerSchema, 400: errorSchema, ...authErrors },
      },
      // A sign-in refreshes the person's row from the token (their cached sessions go).
      config: { rateLimit: { max: 30, timeWindow: '1 minute' }, changes: ['users'] },
    },
    async (request) => {
      const decoded = await app.verifyFirebaseToken(request.body.idToken);
      const user = await upsertVerifiedUser(app.db, decoded, { touchLogin: true });
      // The token's name or photo may have changed the profile: the person's services carry them.
      if (await syncProviderServices(app.db, user.id)) app.invalidation.publish({ resources: ['services'] });
      const { sessionId, expiresAt } = await openSession(app.db, user.id, config.sessionTtlHours);
      const token = await app.signSessionToken(user.id, sessionId, expiresAt);
      request.user = { ...user, sessionId };
      return { token, user: toApiUser(user) };
    },
  );

  app.get(
    '/auth/verify',
    {
      schema: {
        tags: ['auth'],
        summary: 'Check the bearer token and answer its user',
        security: [{ bearer: [] }],
        response: { 200: z.object({ valid: z.literal(true), user: userSchema }), ...authErrors },
      },
      preValidation: app.authenticate,
    },
    async (request) => ({ valid: true as const, user: toApiUser(request.user!) }),
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: "Revoke the session of the bearer token and the person's Firebase refresh tokens",
        description:
          "Ends this session and revokes the person's Firebase refresh tokens (every device signs in to Firebase again); their Firebase ID tokens stop working as bearer. Meramot sessions opened on other devices stay open until they expire or log out.",
        security: [{ bearer: [] }],
        response: { 200: z.object({ message: z.string() }), ...authErrors },
      },
      config: { changes: ['sessions'] },
      preValidation: app.authenticate,
    },
    async (request) => {
      const user = request.user!;
      if (user.sessionId) await revokeSession(app.db, user.sessionId);
      // Our session is already ended: an identity service that cannot be reached is logged, not fatal.
      await app.revokeFirebaseTokens(user.firebaseUid).catch((err: unknown) => {
        request.log.warn(
          { code: (err as { code?: string }).code },
          'could not revoke the Firebase refresh tokens at logout',
        );
      });
      return { message: 'You have been successfully logged out.' };
    },
  );
};
