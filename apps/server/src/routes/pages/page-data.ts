import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  areaCountSchema,
  categoryCountSchema,
  idSchema,
  placeCountsSchema,
  platformStatsSchema,
  providerProfileSchema,
  publicReviewSchema,
  serviceListQuerySchema,
  serviceListSchema,
  serviceSchema,
  type PageDataSource,
} from '@meramot/shared';
import type { Db } from '../../db/client';
import { services } from '../../db/schema';
import type { AggregateCache } from '../../lib/aggregate-cache';
import { HttpError } from '../../lib/http-error';
import { areaCounts, listServices, narrowPlaceCounts, placeCounts } from '../../search';
import { getProviderPage } from '../providers/providers.service';
import { categoryCounts, getServicePage } from '../services/services.service';
import { platformStats } from '../stats/stats.service';

/**
 * The data of the server-rendered pages, read as the API's routes read it (the same service
 * functions, on the replica for a visitor when there is one) and shaped as they answer it (their
 * response schemas, then JSON), so the browser's cache holds what its own call would have given.
 */
/**
 * Values already shaped, by the value: a cached one (the place counts, the area and category
 * counts, the platform's figures: the same object until something changes) is shaped once, not on
 * every page (the 600 place counts took a tenth of an All Services page's render time). Each value
 * is read in one place only, so always shaped by the same schema.
 */
const shaped = new WeakMap<object, unknown>();

/** The lists' schemas, made once (a schema made per page cost as much as shaping a service). */
const areaCountsSchema = areaCountSchema.array();
const categoryCountsSchema = categoryCountSchema.array();
const publicReviewsSchema = publicReviewSchema.array();
const servicesSchema = serviceSchema.array();

export function pageDataSource(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): PageDataSource {
  const read = <T>(fn: (db: Db, aggregates: AggregateCache) => Promise<T>) => app.publicRead(request, fn);
  const answer = <S extends z.ZodType>(schema: S, value: unknown): z.output<S> => {
    const known = typeof value === 'object' && value !== null ? shaped.get(value) : undefined;
    if (known !== undefined) return known as z.output<S>;
    const made = JSON.parse(JSON.stringify(schema.parse(value))) as z.output<S>;
    if (typeof value === 'object' && value !== null) shaped.set(value, made);
    return made;
  };
  /** A 404 of the API as null (any other failure is one). */
  const orNull = async <T>(promise: Promise<T>): Promise<T | null> => {
    try {
      return await promise;
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) return null;
      throw error;
    }
  };
  const validId = (id: string) => idSchema.safeParse(id).success;

  return {
    services: (query) =>
      read(async (db, aggregates) =>
        answer(
          serviceListSchema,
          await listServices(db, aggregates, serviceListQuerySchema.parse(query), await app.searchIndexFor(db, reply)),
        ),
      ),
    areas: () => read(async (db, aggregates) => answer(areaCountsSchema, await areaCounts(db, aggregates))),
    placeCounts: (district) =>
      read(async (db, aggregates) =>
        answer(
          placeCountsSchema,
          narrowPlaceCounts(await placeCounts(db, aggregates, await app.searchIndexFor(db, reply)), district),
        ),
      ),
    categories: () =>
      read(async (db, aggregates) => answer(categoryCountsSchema, await categoryCounts(db, aggregates))),
    platformStats: () =>
      read(async (db, aggregates) =>
        answer(platformStatsSchema, await aggregates.get('stats:platform', () => platformStats(db))),
      ),
    servicePage: async (id) => {
      if (!validId(id)) return 'missing';
      const found = await read((db) => orNull(getServicePage(db, id, null)));
      if (found) {
        return {
          service: answer(serviceSchema, found.service),
          reviews: answer(publicReviewsSchema, found.reviews),
        };
      }
      // A deleted service's page is gone for good (410); a paused or unknown one is not found.
      const [row] = await read((db) =>
        db.select({ deletedAt: services.deletedAt }).from(services).where(eq(services.id, id)).limit(1),
      );
      return row?.deletedAt ? 'gone' : 'missing';
    },
    providerPage: async (id, limit) => {
      if (!validId(id)) return null;
      const page = await read((db) => orNull(getProviderPage(db, id, limit)));
      return (
        page && {
          provider: answer(providerProfileSchema, page.provider),
          services: answer(servicesSchema, page.services),
          reviews: answer(publicReviewsSchema, page.reviews),
        }
      );
    },
  };
}
