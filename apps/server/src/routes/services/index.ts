import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  areaCountSchema,
  categoryCountSchema,
  placeCountsQuerySchema,
  placeCountsSchema,
  emailParamsSchema,
  errorSchema,
  idParamsSchema,
  personListQuerySchema,
  serviceCreateSchema,
  serviceListQuerySchema,
  serviceListSchema,
  serviceSchema,
  serviceUpdateSchema,
  removedSchema,
} from '@meramot/shared';
import { assertOwnEmailParam } from '../../lib/ownership';
import { pagingDoc, sendPage } from '../../lib/paging';
import { areaCounts, listServices, narrowPlaceCounts, placeCounts } from '../../search';
import {
  categoryCounts,
  createService,
  deleteService,
  getService,
  listProviderServices,
  updateService,
} from './services.service';

const bearer = [{ bearer: [] }];

export const serviceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/services',
    {
      schema: {
        tags: ['services'],
        summary: 'Public list of active services, searched, filtered, sorted and paged',
        description:
          '`search` matches every word, in any order, in the name, area, provider name or description: the last word also as the beginning of a word, each word also by its synonyms and spellings in English, Bangla and Banglish (packages/shared search-vocabulary), a word with punctuation (`chip-level`, `100%`) as a literal part of the text. Words matching nothing are replaced by the closest known words; `query` then names the corrected text. `sort` is best (best match: name > area > provider > description, exact > completion > synonym; the default with a search), newest (the default without), name, price-low, price-high or provider. `query` tells how the search was understood (null without one): `terms`, every word that matched (for highlighting), and `corrected`.',
        querystring: serviceListQuerySchema,
        response: { 200: serviceListSchema, 400: errorSchema },
      },
      config: { responseCache: true },
    },
    (request, reply) =>
      app.publicRead(request, async (db, aggregates) =>
        listServices(db, aggregates, request.query, await app.searchIndexFor(db, reply)),
      ),
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
    (request) => app.publicRead(request, areaCounts),
  );

  app.get(
    '/services/places',
    {
      schema: {
        tags: ['services'],
        summary: 'Active services per district and per area (the place filters’ counts)',
        description:
          'Every district and every upazila or city area (ids of `GET /api/places`) that active services name, with how many name it. A service of a division only is counted in its division (`GET /services/areas`), not here. `district` narrows the areas to that district’s; `district=` (empty) answers the districts alone.',
        querystring: placeCountsQuerySchema,
        response: { 200: placeCountsSchema },
      },
      config: { responseCache: true },
    },
    (request, reply) =>
      app.publicRead(request, async (db, aggregates) =>
        narrowPlaceCounts(
          await placeCounts(db, aggregates, await app.searchIndexFor(db, reply)),
          request.query.district,
        ),
      ),
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
    (request) => app.publicRead(request, categoryCounts),
  );

  app.get(
    '/services/provider/:id',
    {
      schema: {
        tags: ['services'],
        summary: "The caller's own services, paused ones included, paged; id is the caller's e-mail",
        description: pagingDoc,
        security: bearer,
        params: emailParamsSchema,
        querystring: personListQuerySchema,
        response: { 200: z.array(serviceSchema), 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
      preValidation: app.authenticate,
    },
    async (request, reply) => {
      assertOwnEmailParam(request.user!, request.params.id, 'services');
      return sendPage(
        request,
        reply,
        request.query,
        await listProviderServices(app.db, request.user!.id, request.query),
      );
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
    (request) => app.publicRead(request, (db) => getService(db, request.params.id, request.user)),
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
      config: { changes: ['services'] },
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
      config: { changes: ['services'] },
      preValidation: app.authenticate,
    },
    (request) => updateService(app.db, app.photoStore, request.user!, request.params.id, request.body),
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
          200: removedSchema,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
        },
      },
      config: { changes: ['services'] },
      preValidation: app.authenticate,
    },
    async (request) => {
      await deleteService(app.db, app.photoStore, request.user!, request.params.id);
      return { message: 'Service deleted.', _id: request.params.id };
    },
  );
};
