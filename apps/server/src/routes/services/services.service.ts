import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  CATEGORIES,
  DEFAULT_WEEKLY_HOURS,
  type CategoryCount,
  type PersonListQuery,
  type PublicReview,
  type Service,
  type ServiceCreate,
  type ServiceUpdate,
  type WorkLocation,
} from '@meramot/shared';
import type { AuthUser } from '../../auth';
import type { Db, Tx } from '../../db/client';
import { photos, services, users } from '../../db/schema';
import type { PhotoStore } from '../../photos';
import {
  attachPhotos,
  dropServicePhotos,
  dropUnusedFiles,
  photosOf,
  photoUrl,
  fromPhotosJson,
  photosJson,
} from '../photos/photos.service';
import { preparedPerDb } from '../../db/prepared';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { isPublic, serviceColumns, toApiService, type ServiceRow } from '../../db/service-row';
import type { AggregateCache } from '../../lib/aggregate-cache';
import { forbidden, notFound, unauthorized } from '../../lib/http-error';
import { pageWindow, type Page } from '../../lib/paging';
import { personName } from '../bookings/bookings.service';
import { fromReviewsJson, serviceReviewsJson } from '../reviews/reviews.service';
import { placeCatalogue } from '../../places/catalogue';

/**
 * A service's own calls: its page, its provider's list, create, update and delete, and the home
 * page's counts per category. The public list and its search are the search module's (src/search).
 */

const CATEGORY_COUNTS_KEY = 'services:categories';

/** Whole-word keyword match on the service name (so "ac" does not count "Replacement"). */
function categoryPattern(keywords: readonly string[]): string {
  return `\\m(${keywords.join('|')})\\M`;
}

/** Active services per home category (cached: lib/aggregate-cache). */
export function categoryCounts(db: Db, cache: AggregateCache): Promise<CategoryCount[]> {
  return cache.get(CATEGORY_COUNTS_KEY, () => countPerCategory(db));
}

async function countPerCategory(db: Db): Promise<CategoryCount[]> {
  const columns = Object.fromEntries(
    CATEGORIES.map((c) => [
      c.key,
      sql<number>`(count(*) FILTER (WHERE ${services.serviceName} ~* ${categoryPattern(c.keywords)}))::int`,
    ]),
  );
  const [row] = await db.select(columns).from(services).where(isPublic);
  return CATEGORIES.map((c) => ({
    key: c.key,
    name: c.name,
    keywords: [...c.keywords],
    count: Number(row?.[c.key] ?? 0),
  }));
}

const termsColumns = {
  weeklyHours: services.weeklyHours,
  jobMinutes: services.jobMinutes,
  workLocation: services.workLocation,
  shopAddress: services.shopAddress,
};

/** What a service page shows of its service: the listing, how it is booked, its photos. */
const servicePageFields = { ...serviceColumns, ...termsColumns, photos: photosJson('service_id', services.id) };

/** The not-deleted service whose id is the `id` placeholder, with its provider (drizzle's dynamic query building). */
const oneServiceById = <Q extends PgSelect>(query: Q) =>
  query
    .innerJoin(users, eq(users.id, services.providerId))
    .where(and(eq(services.id, sql.placeholder('id')), isNull(services.deletedAt)))
    .limit(1);

// The service page's read (its JSON and its rendered page, the hottest public read after the
// lists): prepared, so neither drizzle's query building nor PostgreSQL's parsing runs per call,
// and its photos come in the same row (one round trip, not two: each query's send and answer cost
// the server about as much as a tenth of the page's render under load).
const serviceById = preparedPerDb((db, name) =>
  oneServiceById(db.select(servicePageFields).from(services).$dynamic()).prepare(name('service_by_id')),
);

/** The rendered service page's read: the service as serviceById reads it, and its latest reviews, in one row. */
const servicePageById = preparedPerDb((db, name) =>
  oneServiceById(
    db
      .select({ ...servicePageFields, reviews: serviceReviewsJson(db, sql.placeholder('id')) })
      .from(services)
      .$dynamic(),
  ).prepare(name('service_page_by_id')),
);

/** A service read by id, as its viewer may see it: public services for everyone; a paused one only for its provider. */
function visibleService(row: ServiceByIdRow | undefined, viewer: AuthUser | null): Service {
  if (!row || (row.status !== 'active' && row.providerId !== viewer?.id)) {
    throw notFound("Service not found. The service you're looking for doesn't exist.");
  }
  // The service page links to its provider's page (/providers/{providerId}); lists do not carry it.
  return { ...withTerms(row), providerId: row.providerId, photos: fromPhotosJson(row.photos) };
}
type ServiceByIdRow = Awaited<ReturnType<ReturnType<typeof serviceById>['execute']>>[number];

export async function getService(db: Db, id: string, viewer: AuthUser | null): Promise<Service> {
  const [row] = await serviceById(db).execute({ id });
  return visibleService(row, viewer);
}

/**
 * A service's page as the server renders it: getService's answer and serviceReviews' list, read in
 * one query (each query's round trip costs the server about what a tenth of the page's render does).
 */
export async function getServicePage(
  db: Db,
  id: string,
  viewer: AuthUser | null,
): Promise<{ service: Service; reviews: PublicReview[] }> {
  const [row] = await servicePageById(db).execute({ id });
  const service = visibleService(row, viewer);
  return { service, reviews: fromReviewsJson(row!.reviews) };
}

/** A service with how it is booked (the service page and the provider's own list). */
function withTerms(row: ServiceRow & { [K in keyof typeof termsColumns]: (typeof services.$inferSelect)[K] }): Service {
  return {
    ...toApiService(row),
    bookingTerms: {
      weeklyHours: row.weeklyHours ?? DEFAULT_WEEKLY_HOURS,
      defaultHours: row.weeklyHours == null,
      jobMinutes: row.jobMinutes,
      workLocation: row.workLocation as WorkLocation,
      shopAddress: row.shopAddress,
    },
  };
}

/** The booking terms a create or an update sets (a field left out keeps its value). */
function termsOf(body: ServiceCreate | ServiceUpdate): Partial<typeof services.$inferInsert> {
  const terms: Partial<typeof services.$inferInsert> = {};
  if (body.weeklyHours !== undefined) terms.weeklyHours = [...body.weeklyHours].sort((a, b) => a.day - b.day);
  if (body.jobMinutes !== undefined) terms.jobMinutes = body.jobMinutes;
  if (body.workLocation !== undefined) terms.workLocation = body.workLocation;
  if (body.shopAddress !== undefined) terms.shopAddress = body.shopAddress || null;
  return terms;
}

/** A page of the provider's own services (paused ones included), newest first, and their number. */
export async function listProviderServices(db: Db, providerId: string, query: PersonListQuery): Promise<Page<Service>> {
  const own = and(eq(services.providerId, providerId), isNull(services.deletedAt));
  const { limit, offset } = pageWindow(query);
  const [rows, [count]] = await Promise.all([
    db
      .select({ ...serviceColumns, ...termsColumns })
      .from(services)
      .innerJoin(users, eq(users.id, services.providerId))
      .where(own)
      .orderBy(desc(services.createdAt), desc(services.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(services)
      .where(own),
  ]);
  const photosById = await photosOf(
    db,
    'serviceId',
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => ({ ...withTerms(r), photos: photosById.get(r.id) ?? [] })),
    total: count?.total ?? 0,
  };
}

function assertOwnEmail(user: AuthUser, providerEmail: string | undefined) {
  if (providerEmail && providerEmail !== user.email) {
    throw forbidden('The provider e-mail must be your own: you can only list services as yourself.');
  }
}

/**
 * The provider's name and photo a service of theirs carries: their profile's, read in `tx` FOR SHARE
 * so that a profile change waits for the write under way and then renames its service too
 * (syncProviderServices, routes/providers). The body's providerName and providerImage, which the
 * spec's clients send, are validated and ignored: nobody lists a service under another name.
 */
async function providerOf(tx: Tx, userId: string) {
  const [profile] = await tx
    .select({ displayName: users.displayName, email: users.email, photoUrl: users.photoUrl })
    .from(users)
    .where(eq(users.id, userId))
    .for('share');
  // A session outlives nobody's row (sessions go with their user): the caller is not signed in.
  if (!profile) throw unauthorized();
  return { providerName: personName(profile.displayName, profile.email), providerImage: profile.photoUrl ?? null };
}

/**
 * Makes `photoIds` the service's photos (issue 23) and its cover its serviceImage; while a service
 * has uploaded photos its serviceImage is always its cover. Returns the removed photos' file keys.
 */
async function placePhotos(tx: Tx, user: AuthUser, id: string, photoIds: readonly string[] | undefined) {
  let removedKeys: string[] = [];
  if (photoIds !== undefined) ({ removedKeys } = await attachPhotos(tx, user.id, { serviceId: id }, photoIds));
  const [cover] = await tx
    .select({ variants: photos.variants })
    .from(photos)
    .where(eq(photos.serviceId, id))
    .orderBy(photos.position)
    .limit(1);
  if (cover)
    await tx
      .update(services)
      .set({ serviceImage: photoUrl(cover.variants) })
      .where(eq(services.id, id));
  return removedKeys;
}

/**
 * The district and areas a create or an update sets, checked against the division (issue 24). A
 * field left out keeps its value; a new division without a district (the spec's clients) drops a
 * district of the old one, which would no longer fit.
 */
function placesOf(
  body: ServiceCreate | ServiceUpdate,
  current?: { serviceArea: string; district: string | null; placeAreas: string[] },
): Partial<typeof services.$inferInsert> {
  const division = body.serviceArea ?? current!.serviceArea;
  const movedAway = current && body.serviceArea !== undefined && body.serviceArea !== current.serviceArea;
  const district =
    body.serviceDistrict !== undefined ? body.serviceDistrict : movedAway ? null : (current?.district ?? null);
  const districtChanged = district !== (current?.district ?? null);
  const areas = [...new Set(body.serviceAreas ?? (districtChanged ? [] : (current?.placeAreas ?? [])))];
  placeCatalogue().checkService(division, district, areas);
  if (current && district === current.district && areas.join() === current.placeAreas.join()) return {};
  return { district, placeAreas: areas };
}

export async function createService(db: Db, user: AuthUser, body: ServiceCreate): Promise<Service> {
  assertOwnEmail(user, body.providerEmail);
  const places = placesOf(body);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(services)
      .values({
        providerId: user.id,
        serviceName: body.serviceName,
        serviceDescription: body.serviceDescription,
        servicePrice: Number(body.servicePrice),
        serviceArea: body.serviceArea,
        // The cover's URL when photos come with it (placePhotos).
        serviceImage: body.serviceImage ?? body.imageURL ?? '',
        ...(await providerOf(tx, user.id)),
        status: body.status ?? 'active',
        ...places,
        ...termsOf(body),
      })
      .returning({ id: services.id });
    await placePhotos(tx, user, row!.id, body.photoIds);
    return row!.id;
  });
  return getService(db, id, user);
}

/** Loads a service for a change by its provider: 404 when missing or deleted, 403 for anyone else. */
async function ownedService(db: Db, user: AuthUser, id: string) {
  const [row] = await db
    .select({
      providerId: services.providerId,
      serviceArea: services.serviceArea,
      district: services.district,
      placeAreas: services.placeAreas,
    })
    .from(services)
    .where(and(eq(services.id, id), isNull(services.deletedAt)))
    .limit(1);
  if (!row) throw notFound('Service not found.');
  if (row.providerId !== user.id) throw forbidden('Only the provider of this service can change it.');
  return row;
}

export async function updateService(
  db: Db,
  store: PhotoStore,
  user: AuthUser,
  id: string,
  body: ServiceUpdate,
): Promise<Service> {
  const current = await ownedService(db, user, id);
  assertOwnEmail(user, body.providerEmail);
  const changes: Partial<typeof services.$inferInsert> = placesOf(body, current);
  if (body.serviceName !== undefined) changes.serviceName = body.serviceName;
  if (body.serviceDescription !== undefined) changes.serviceDescription = body.serviceDescription;
  if (body.servicePrice !== undefined) changes.servicePrice = Number(body.servicePrice);
  if (body.serviceArea !== undefined) changes.serviceArea = body.serviceArea;
  const image = body.serviceImage ?? body.imageURL;
  if (image !== undefined) changes.serviceImage = image;
  if (body.status !== undefined) changes.status = body.status;
  Object.assign(changes, termsOf(body));
  const removedKeys = await db.transaction(async (tx) => {
    await tx
      .update(services)
      .set({ ...changes, ...(await providerOf(tx, user.id)), updatedAt: sql`now()` })
      .where(and(eq(services.id, id), isNull(services.deletedAt)));
    return placePhotos(tx, user, id, body.photoIds);
  });
  await dropUnusedFiles(db, store, removedKeys, id);
  return getService(db, id, user);
}

/**
 * Soft delete: the service leaves every list; its bookings and reviews stay (with the cover they
 * were booked with). Its photos go, and their files once nothing refers to them.
 */
export async function deleteService(db: Db, store: PhotoStore, user: AuthUser, id: string): Promise<void> {
  await ownedService(db, user, id);
  await db
    .update(services)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(services.id, id), isNull(services.deletedAt)));
  await dropServicePhotos(db, store, id);
}
