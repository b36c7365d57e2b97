import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, firebaseLoginSchema, loginAnswerSchema, userSchema } from '@meramot/shared';
import type { Config } from '../../env';
import { openSession, revokeSession, toApiUser, upsertVerifiedUser } from './auth.service';

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
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      const decoded = await app.verifyFirebaseToken(request.body.idToken);
      const user = await upsertVerifiedUser(app.db, decoded, { touchLogin: true });
      const { sessionId, expiresAt } = await openSession(app.db, user.id, config.sessionTtlHours);
      const token = await app.signSessionToken(user.id, sessionId, expiresAt);
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
        summary: 'Revoke the session of the bearer token',
        security: [{ bearer: [] }],
        response: { 200: z.object({ message: z.string() }), ...authErrors },
      },
      preValidation: app.authenticate,
    },
    async (request) => {
      if (request.user!.sessionId) await revokeSession(app.db, request.user!.sessionId);
      return { message: 'You have been successfully logged out.' };
    },
  );
};
