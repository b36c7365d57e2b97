import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  areaCountSchema,
  categoryCountSchema,
  emailParamsSchema,
  errorSchema,
  idParamsSchema,
  serviceCreateSchema,
  serviceListQuerySchema,
  serviceListSchema,
  serviceSchema,
  serviceUpdateSchema,
} from '@meramot/shared';
import { assertOwnEmailParam } from '../../lib/ownership';
import {
  areaCounts,
  categoryCounts,
  createService,
  deleteService,
  getService,
  listProviderServices,
  listServices,
  updateService,
} from './services.service';

const bearer = [{ bearer: [] }];

export const serviceRoutes: FastifyPluginAsyncZod = async (app) => {
  // A successful change to a service drops the cached counts and statistics before the answer
  // leaves, so this server's next list is exact.
  app.addHook('onSend', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) app.aggregates.invalidate();
  });

  app.get(
    '/services',
    {
      schema: {
        tags: ['services'],
        summary: 'Public list of active services, searched, filtered, sorted and paged',
        description:
          '`search` is a case-insensitive substring match on name, description, provider name and area. `sort` is newest (default), name, price-low, price-high or provider.',
        querystring: serviceListQuerySchema,
        response: { 200: serviceListSchema, 400: errorSchema },
      },
      config: { responseCache: true },
    },
    (request) => listServices(app.db, app.aggregates, request.query),
  );

  app.get(
    '/services/areas',
    {
      schema: {
        tags: ['services'],
        summary: 'The areas that have active services, with their counts (the area filter)',
        response: { 200: z.array(areaCountSchema) },
      },
      config: { responseCache: true },
    },
    () => areaCounts(app.db, app.aggregates),
  );

  app.get(
    '/services/categories',
    {
      schema: {
        tags: ['services'],
        summary: 'Active services per home category (whole-word keyword match on the service name)',
        response: { 200: z.array(categoryCountSchema) },
      },
      config: { responseCache: true },
    },
    () => categoryCounts(app.db, app.aggregates),
  );

  app.get(
    '/services/provider/:id',
    {
      schema: {
        tags: ['services'],
        summary: "The caller's own services, paused ones included; id is the caller's e-mail",
        security: bearer,
        params: emailParamsSchema,
        response: { 200: z.array(serviceSchema), 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
      preValidation: app.authenticate,
    },
    (request) => {
      assertOwnEmailParam(request.user!, request.params.id, 'services');
      return listProviderServices(app.db, request.user!.id);
    },
  );

  app.get(
    '/services/:id',
    {
      schema: {
        tags: ['services'],
        summary: 'One service (a paused one only for its provider, when the bearer token is sent)',
        params: idParamsSchema,
        response: { 200: serviceSchema, 400: errorSchema, 404: errorSchema },
      },
      config: { responseCache: true },
      preValidation: app.authenticateOptional,
    },
    (request) => getService(app.db, request.params.id, request.user),
  );

  app.post(
    '/services',
    {
      schema: {
        tags: ['services'],
        summary: 'List a new service as the caller',
        security: bearer,
        body: serviceCreateSchema,
        response: { 201: serviceSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
      preValidation: app.authenticate,
    },
    async (request, reply) => {
      const service = await createService(app.db, request.user!, request.body);
      return reply.code(201).send(service);
    },
  );

  app.put(
    '/services/:id',
    {
      schema: {
        tags: ['services'],
        summary: 'Change a service (the full payload, or only {status}); provider only',
        security: bearer,
        params: idParamsSchema,
        body: serviceUpdateSchema,
        response: { 200: serviceSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
      preValidation: app.authenticate,
    },
    (request) => updateService(app.db, request.user!, request.params.id, request.body),
  );

  app.delete(
    '/services/:id',
    {
      schema: {
        tags: ['services'],
        summary: 'Delete a service (kept for its bookings and reviews, gone from every list); provider only',
        security: bearer,
        params: idParamsSchema,
        response: {
          200: z.object({ message: z.string(), _id: z.string() }),
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
        },
      },
      preValidation: app.authenticate,
    },
    async (request) => {
      await deleteService(app.db, request.user!, request.params.id);
      return { message: 'Service deleted.', _id: request.params.id };
    },
  );
};
