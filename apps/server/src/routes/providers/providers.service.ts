import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { en, type PersonListQuery, type ProviderProfile, type PublicReview, type Service } from '@meramot/shared';
import { queryRows, type Db } from '../../db/client';
import { jsonListOf, jsonObjectOf } from '../../db/json-rows';
import { preparedPerDb } from '../../db/prepared';
import { reviews, services, users } from '../../db/schema';
import {
  fromServicesJson,
  isPublic,
  selectServices,
  selectServicesAsJson,
  toApiService,
  type ServiceJson,
} from '../../db/service-row';
import { notFound } from '../../lib/http-error';
import { pageWindow, type Page, type QueryId, type QueryWindow } from '../../lib/paging';
import { personName } from '../bookings/bookings.service';
import { fromReviewsJson, providerReviewsJson } from '../reviews/reviews.service';

/**
 * A provider's public page (issue 22): who they are, from their profile, and what their public
 * services and their reviews add up to. A provider is a person with at least one active service
 * that is not deleted; for anyone else (a customer, a provider whose services are all paused or
 * deleted, an unknown id) the page and its lists answer 404.
 */

const notAProvider = () => notFound(en.providerNotFound);

/** The provider's public services: active and not deleted. */
const publicOf = (providerId: QueryId) => and(eq(services.providerId, providerId), isPublic);

/** An area of the provider's and how many of their public services are in it. */
const areaColumns = { area: services.serviceArea, count: sql<number>`count(*)::int` };

/** The provider's public services per area, most first (the walk of services_provider_idx). */
const areasOfProvider = <Q extends PgSelect>(query: Q, providerId: QueryId) =>
  query
    .where(publicOf(providerId))
    .groupBy(services.serviceArea)
    .orderBy(desc(sql`count(*)`), asc(services.serviceArea));

export const providerAreasQuery = (db: Db, providerId: QueryId) =>
  areasOfProvider(db.select(areaColumns).from(services).$dynamic(), providerId);

/**
 * The number and mean rating (to one decimal) of every review of their work, whatever became of
 * the service since: deleting a service does not take its reviews off the provider's record
 * (reviews_provider_idx).
 */
const ratingColumns = { count: sql<number>`count(*)::int`, mean: sql<string | null>`round(avg(${reviews.rating}), 1)` };
const ratingOf = (providerId: QueryId) => eq(reviews.providerId, providerId);

export const providerRatingQuery = (db: Db, providerId: QueryId) =>
  db.select(ratingColumns).from(reviews).where(ratingOf(providerId));

/** 404 unless the person has a public service. */
export async function assertProvider(db: Db, providerId: string): Promise<void> {
  const [row] = await db.select({ id: services.id }).from(services).where(publicOf(providerId)).limit(1);
  if (!row) throw notAProvider();
}

/** A page of the provider's public services (services_provider_idx backwards: newest first). */
const pageOfProvider = <Q extends PgSelect>(query: Q, providerId: QueryId, { limit, offset }: QueryWindow) =>
  query.where(publicOf(providerId)).orderBy(desc(services.createdAt), desc(services.id)).limit(limit).offset(offset);

/** The page of a provider's public services; values or placeholders. */
export const providerServicesQuery = (db: Db, providerId: QueryId, window: QueryWindow) =>
  pageOfProvider(selectServices(db).$dynamic(), providerId, window);

/** The same page as one JSON column of the row being selected (the rendered provider page's). */
const providerServicesJson = (db: Db, providerId: QueryId, window: QueryWindow) =>
  jsonListOf<ServiceJson>(pageOfProvider(selectServicesAsJson(db).$dynamic(), providerId, window));

/** Who the provider is, as their profile shows it. */
const personColumns = {
  displayName: users.displayName,
  email: users.email,
  photoUrl: users.photoUrl,
  emailVerified: users.emailVerified,
  createdAt: users.createdAt,
};

/**
 * The provider page's reads (its JSON calls and its rendered page), prepared once per database: the
 * queries keep their shape, so neither drizzle's query building nor PostgreSQL's parsing runs per
 * page (services.service.ts prepares the service page's the same way).
 */
const providerReads = preparedPerDb((db, name) => {
  const id = sql.placeholder('id');
  const window = { limit: sql.placeholder('limit'), offset: sql.placeholder('offset') };
  return {
    person: db.select(personColumns).from(users).where(eq(users.id, id)).limit(1).prepare(name('provider_person')),
    areas: providerAreasQuery(db, id).prepare(name('provider_areas')),
    rating: providerRatingQuery(db, id).prepare(name('provider_rating')),
    services: providerServicesQuery(db, id, window).prepare(name('provider_services')),
    serviceCount: db
      .select({ total: sql<number>`count(*)::int` })
      .from(services)
      .where(publicOf(id))
      .prepare(name('provider_service_count')),
    // The rendered page's: the profile's three reads and the first page of each list, in one query.
    page: db
      .select({
        ...personColumns,
        areas: jsonListOf<AreaRow>(
          areasOfProvider(
            db
              .select({ item: jsonObjectOf(areaColumns) })
              .from(services)
              .$dynamic(),
            id,
          ),
        ),
        rating: sql<RatingRow>`(${db
          .select({ item: jsonObjectOf(ratingColumns) })
          .from(reviews)
          .where(ratingOf(id))})`,
        services: providerServicesJson(db, id, window),
        reviews: providerReviewsJson(db, id, window),
      })
      .from(users)
      .where(eq(users.id, id))
      .limit(1)
      .prepare(name('provider_page')),
  };
});

type PersonRow = Awaited<ReturnType<ReturnType<typeof providerReads>['person']['execute']>>[number];
type AreaRow = { area: string; count: number };
/** The mean is PostgreSQL's numeric: text in a row, a number in JSON. */
type RatingRow = { count: number; mean: string | number | null };

/** The profile of a provider from their person, areas and rating; 404 when not a provider. */
function toProfile(id: string, person: PersonRow | undefined, areas: readonly AreaRow[], rated: RatingRow | undefined) {
  if (!person || areas.length === 0) throw notAProvider();
  return {
    id,
    // The name their services carry (services.service.ts gives every service its provider's name).
    displayName: personName(person.displayName, person.email),
    photoURL: person.photoUrl ?? null,
    areas: areas.map((a) => a.area),
    memberSince: person.createdAt.toISOString(),
    emailVerified: person.emailVerified,
    rating: rated?.mean == null ? null : Number(rated.mean),
    reviewCount: rated?.count ?? 0,
    serviceCount: areas.reduce((sum, a) => sum + a.count, 0),
  } satisfies ProviderProfile;
}

export async function providerProfile(db: Db, providerId: string): Promise<ProviderProfile> {
  const reads = providerReads(db);
  const [[person], areas, [rated]] = await Promise.all([
    reads.person.execute({ id: providerId }),
    reads.areas.execute({ id: providerId }),
    reads.rating.execute({ id: providerId }),
  ]);
  return toProfile(providerId, person, areas, rated);
}

/**
 * The rendered provider page's data in one query: the profile (providerProfile's), and the first
 * `limit` of their public services and of their reviews (providerServices' and
 * providerReviews' first pages). 404 when not a provider.
 */
export async function getProviderPage(
  db: Db,
  providerId: string,
  limit: number,
): Promise<{ provider: ProviderProfile; services: Service[]; reviews: PublicReview[] }> {
  const [row] = await providerReads(db).page.execute({ id: providerId, limit, offset: 0 });
  if (!row) throw notAProvider();
  return {
    provider: toProfile(providerId, row, row.areas, row.rating),
    services: fromServicesJson(row.services),
    reviews: fromReviewsJson(row.reviews),
  };
}

/** A page of the provider's public services, newest first, and their number (404: not a provider). */
export async function providerServices(db: Db, providerId: string, query: PersonListQuery): Promise<Page<Service>> {
  const [items, [count]] = await Promise.all([
    providerReads(db)
      .services.execute({ id: providerId, ...pageWindow(query) })
      .then((rows) => rows.map(toApiService)),
    providerReads(db).serviceCount.execute({ id: providerId }),
  ]);
  const total = count?.total ?? 0;
  if (total === 0) throw notAProvider();
  return { items, total };
}

/** Rows one statement of `syncProviderServices` changes at most. */
export const PROVIDER_SYNC_BATCH = 1000;

/**
 * Gives every not-deleted service of the person their profile's name and photo (the name as
 * everything shows a person: the display name, else the part of the e-mail before the @), and
 * answers how many services changed. The rows are changed a batch at a time, each batch a short
 * transaction of its own in the order of services_provider_idx, so a provider with many services
 * never holds their rows (nor a lock that blocks a booking of one) for long. Each batch reads the
 * profile FOR SHARE: a profile change waits for the batch under way, and every batch after it
 * writes the new name, so two renames in a row leave the last one everywhere. A service created or
 * edited meanwhile reads the profile the same way (services.service.ts). updated_at moves, as for
 * the provider's own edits: the in-memory search index reads a service's words again only when it
 * moved (search/memory/documents.ts `sameWords`), and the rows it reads again by changed_at, which
 * the database sets. search_vector and the counts of search_words follow the row.
 */
export async function syncProviderServices(
  db: Db,
  providerId: string,
  batchSize = PROVIDER_SYNC_BATCH,
): Promise<number> {
  let changed = 0;
  // Where the previous batch ended: its last row's created_at (as text: every microsecond) and id.
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const [profile] = await tx
        .select({ displayName: users.displayName, email: users.email, photoUrl: users.photoUrl })
        .from(users)
        .where(eq(users.id, providerId))
        .for('share');
      if (!profile) return null;
      const name = personName(profile.displayName, profile.email);
      const image = profile.photoUrl ?? null;
      const [row] = await queryRows<{ size: number; changed: number; at: string | null; id: string | null }>(
        tx,
        sql`
          WITH batch AS (
            SELECT id, created_at FROM services
            WHERE provider_id = ${providerId} AND deleted_at IS NULL
              ${after ? sql`AND (created_at, id) > (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
              AND (provider_name IS DISTINCT FROM ${name} OR provider_image IS DISTINCT FROM ${image}::text)
            ORDER BY created_at, id
            LIMIT ${batchSize}
          ), changed AS (
            UPDATE services AS s
            SET provider_name = ${name}, provider_image = ${image}::text, updated_at = now()
            FROM batch WHERE s.id = batch.id
            RETURNING s.id
          ), last AS (
            SELECT id, created_at FROM batch ORDER BY created_at DESC, id DESC LIMIT 1
          )
          SELECT (SELECT count(*)::int FROM batch) AS size, (SELECT count(*)::int FROM changed) AS changed,
                 (SELECT created_at::text FROM last) AS at, (SELECT id::text FROM last) AS id`,
      );
      return row!;
    });
    if (!batch) return changed;
    changed += batch.changed;
    if (batch.size < batchSize || !batch.at || !batch.id) return changed;
    after = { at: batch.at, id: batch.id };
  }
}
