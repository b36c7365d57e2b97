import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { BEARER, documentTransforms } from './openapi-document';

/**
 * OpenAPI document built from the same Zod schemas that validate the routes, served at /api/docs
 * (the JSON at /api/docs/json). OpenAPI 3.1, as the schemas are JSON Schema 2020-12 (`const`, type
 * arrays); operation ids, locks and shared responses come from openapi-document.ts. Registered after
 * the auth plugin: a route's lock is read from its `app.authenticate` hooks.
 */
export const docsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Meramot API',
        description:
          'The marketplace for electronic repair services in Bangladesh. Errors answer `{ "error": "<sentence>" }`. Calls with a lock take `Authorization: Bearer <token>`: the token from `POST /api/auth/firebase-login`, or a Firebase ID token.',
        version: '1.0.0',
        // The repository has no licence file, so nothing is licensed to others; change this with it.
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      // The paths start with /api on the host that serves this document.
      servers: [{ url: '/', description: 'The server that serves this document' }],
      // Public unless an operation says otherwise (openapi-document.ts sets the locked ones').
      security: [],
      components: {
        securitySchemes: {
          [BEARER]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description:
              "Meramot's session token from `POST /api/auth/firebase-login`, or a Firebase ID token of the same project.",
          },
        },
      },
    },
    ...documentTransforms(app),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
});
