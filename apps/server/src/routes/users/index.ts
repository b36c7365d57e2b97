import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema, profileUpdateSchema, userSchema } from '@meramot/shared';
import { toApiUser } from '../../auth';
import { updateProfile } from './users.service';

const bearer = [{ bearer: [] }];

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/me',
    {
      schema: {
        tags: ['users'],
        summary: "The caller's profile",
        security: bearer,
        response: { 200: userSchema, 401: errorSchema },
      },
      preValidation: app.authenticate,
    },
    (request) => toApiUser(request.user!),
  );

  app.put(
    '/users/me',
    {
      schema: {
        tags: ['users'],
        summary: "Update the caller's display name, photo URL and phone (a Bangladeshi mobile number)",
        description:
          "The name and photo are also those of the caller's services (every one not deleted is given them), of their provider page and of what search finds them by.",
        security: bearer,
        body: profileUpdateSchema,
        response: { 200: userSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
      // Their services carry their name and photo: lists, search and its cached counts change with them.
      config: { changes: ['users', 'services'] },
      preValidation: app.authenticate,
    },
    (request) => updateProfile(app.db, app.photoStore, request.user!.id, request.body),
  );
};
