import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import {
  CATEGORIES,
  LIST_WINDOW,
  lastPageInWindow,
  type ServiceList,
  type AreaCount,
  type CategoryCount,
  type Service,
  type ServiceCreate,
  type ServiceUpdate,
  type SortKey,
} from '@meramot/shared';
import type { Db } from '../../db/client';
import { services, users } from '../../db/schema';
import type { AggregateCache } from '../../lib/aggregate-cache';
import { badRequest, forbidden, notFound } from '../../lib/http-error';
import type { AuthUser } from '../../plugins/auth';

export const serviceColumns = {
  id: services.id,
  providerId: services.providerId,
  serviceName: services.serviceName,
  serviceDescription: services.serviceDescription,
  servicePrice: services.servicePrice,
  serviceArea: services.serviceArea,
  serviceImage: services.serviceImage,
  providerName: services.providerName,
  providerImage: services.providerImage,
  providerEmail: users.email,
  providerVerified: users.emailVerified,
  status: services.status,
  bookingsCount: services.bookingsCount,
  ratingAvg: services.ratingAvg,
  reviewCount: services.reviewCount,
  createdAt: services.createdAt,
  updatedAt: services.updatedAt,
};

const selectServices = (db: Db) =>
  db.select(serviceColumns).from(services).innerJoin(users, eq(users.id, services.providerId));
type ServiceRow = Awaited<ReturnType<typeof selectServices>>[number];

export function toApiService(r: ServiceRow): Service {
  return {
    _id: r.id,
    serviceName: r.serviceName,
    serviceDescription: r.serviceDescription,
    servicePrice: Number(r.servicePrice),
    serviceArea: r.serviceArea,
    serviceImage: r.serviceImage,
    providerName: r.providerName,
    providerEmail: r.providerEmail,
    providerImage: r.providerImage ?? null,
    providerVerified: r.providerVerified,
    status: r.status as Service['status'],
    bookings: r.bookingsCount,
    rating: r.ratingAvg == null ? null : Number(r.ratingAvg),
    reviewCount: r.reviewCount,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}


/** Listed publicly: active and not deleted. */
export const isPublic = and(eq(services.status, 'active'), isNull(services.deletedAt))!;

/** Escapes LIKE wildcards so the text matches literally. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The spec's case-insensitive substring match on name, description, provider name and area. */
export function matchesSearch(text: string): SQL {
  return sql`${services.searchText} ILIKE ${likePattern(text)}`;
}

// Each order matches a partial index of the public list (db/schema.ts), walked forward or backward.
const ORDER: Record<SortKey, SQL[]> = {
  newest: [desc(services.createdAt), desc(services.id)],
  name: [asc(sql`lower(${services.serviceName})`), asc(services.id)],
  'price-low': [asc(services.servicePrice), asc(services.id)],
  'price-high': [desc(services.servicePrice), desc(services.id)],
  provider: [asc(sql`lower(${services.providerName})`), asc(services.id)],
};

const AREA_COUNTS_KEY = 'services:areas';
const CATEGORY_COUNTS_KEY = 'services:categories';

export interface ListQuery {
  search?: string;
  area?: string;
  sort?: SortKey;
  page: number;
  limit: number;
}

function listWhere(q: ListQuery): SQL {
  const conditions = [isPublic];
  if (q.search) conditions.push(matchesSearch(q.search));
  if (q.area) conditions.push(eq(services.serviceArea, q.area));
  return and(...conditions)!;
}

/** The rows of a page of the public list (exported for the query-plan tests). */
export const listPageQuery = (db: Db, q: ListQuery) =>
  selectServices(db)
    .where(listWhere(q))
    .orderBy(...ORDER[q.sort ?? 'newest'])
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);

/** Counts matches up to LIST_WINDOW + 1 rows, so a common word costs no more than a rare one. */
export const cappedCountQuery = (db: Db, q: ListQuery) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(
      db
        .select({ one: sql`1` })
        .from(services)
        .where(listWhere(q))
        .limit(LIST_WINDOW + 1)
        .as('matches'),
    );

async function listTotal(db: Db, cache: AggregateCache, q: ListQuery): Promise<{ total: number; capped: boolean }> {
  if (!q.search) {
    // Without a search the per-area counts give an exact total at no cost.
    const areas = await areaCounts(db, cache);
    return { total: areas.filter((a) => !q.area || a.area === q.area).reduce((sum, a) => sum + a.count, 0), capped: false };
  }
  const key = `services:count:${q.area ?? ''}:${q.search.toLowerCase()}`;
  const n = await cache.get(key, async () => (await cappedCountQuery(db, q))[0]?.n ?? 0);
  return n > LIST_WINDOW ? { total: LIST_WINDOW, capped: true } : { total: n, capped: false };
}

export async function listServices(db: Db, cache: AggregateCache, q: ListQuery): Promise<ServiceList> {
  if ((q.page - 1) * q.limit >= LIST_WINDOW) {
    throw badRequest(
      `Only the first ${LIST_WINDOW.toLocaleString('en')} services of a list can be paged through (page ${lastPageInWindow(q.limit)} at ${q.limit} per page): search or choose an area to narrow the list.`,
    );
  }
  const [rows, count] = await Promise.all([listPageQuery(db, q), listTotal(db, cache, q)]);
  return { services: rows.map(toApiService), total: count.total, totalCapped: count.capped, page: q.page, limit: q.limit };
}

/** The header search: matching services, newest first (the same match and order as the list). */
export const searchQuery = (db: Db, text: string, limit: number) =>
  selectServices(db)
    .where(and(isPublic, matchesSearch(text)))
    .orderBy(desc(services.createdAt), desc(services.id))
    .limit(limit);

export async function searchServices(db: Db, text: string, limit: number): Promise<Service[]> {
  return (await searchQuery(db, text, limit)).map(toApiService);
}

async function countPerArea(db: Db): Promise<AreaCount[]> {
  const rows = await db
    .select({ area: services.serviceArea, count: sql<number>`count(*)::int` })
    .from(services)
    .where(isPublic)
    .groupBy(services.serviceArea)
    .orderBy(asc(services.serviceArea));
  return rows as AreaCount[];
}

/** Active services per area (cached: lib/aggregate-cache). */
export function areaCounts(db: Db, cache: AggregateCache): Promise<AreaCount[]> {
  return cache.get(AREA_COUNTS_KEY, () => countPerArea(db));
}

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
  return CATEGORIES.map((c) => ({ key: c.key, name: c.name, keywords: [...c.keywords], count: Number(row?.[c.key] ?? 0) }));
}

/** A service page: public services for everyone; a paused one only for its provider. */
export async function getService(db: Db, id: string, viewer: AuthUser | null): Promise<Service> {
  const [row] = await selectServices(db)
    .where(and(eq(services.id, id), isNull(services.deletedAt)))
    .limit(1);
  if (!row || (row.status !== 'active' && row.providerId !== viewer?.id)) {
    throw notFound("Service not found. The service you're looking for doesn't exist.");
  }
  return toApiService(row);
}

export async function listProviderServices(db: Db, providerId: string): Promise<Service[]> {
  const rows = await selectServices(db)
    .where(and(eq(services.providerId, providerId), isNull(services.deletedAt)))
    .orderBy(desc(services.createdAt), desc(services.id));
  return rows.map(toApiService);
}

function assertOwnEmail(user: AuthUser, providerEmail: string | undefined) {
  if (providerEmail && providerEmail !== user.email) {
    throw forbidden('The provider e-mail must be your own: you can only list services as yourself.');
  }
}

export async function createService(db: Db, user: AuthUser, body: ServiceCreate): Promise<Service> {
  assertOwnEmail(user, body.providerEmail);
  const [row] = await db
    .insert(services)
    .values({
      providerId: user.id,
      serviceName: body.serviceName,
      serviceDescription: body.serviceDescription,
      servicePrice: Number(body.servicePrice),
      serviceArea: body.serviceArea,
      serviceImage: (body.serviceImage ?? body.imageURL)!,
      providerName: body.providerName,
      providerImage: body.providerImage ?? null,
      status: body.status ?? 'active',
    })
    .returning({ id: services.id });
  return getService(db, row!.id, user);
}

/** Loads a service for a change by its provider: 404 when missing or deleted, 403 for anyone else. */
async function ownedService(db: Db, user: AuthUser, id: string) {
  const [row] = await db
    .select({ providerId: services.providerId })
    .from(services)
    .where(and(eq(services.id, id), isNull(services.deletedAt)))
    .limit(1);
  if (!row) throw notFound('Service not found.');
  if (row.providerId !== user.id) throw forbidden('Only the provider of this service can change it.');
}

export async function updateService(db: Db, user: AuthUser, id: string, body: ServiceUpdate): Promise<Service> {
  await ownedService(db, user, id);
  assertOwnEmail(user, body.providerEmail);
  const changes: Partial<typeof services.$inferInsert> = {};
  if (body.serviceName !== undefined) changes.serviceName = body.serviceName;
  if (body.serviceDescription !== undefined) changes.serviceDescription = body.serviceDescription;
  if (body.servicePrice !== undefined) changes.servicePrice = Number(body.servicePrice);
  if (body.serviceArea !== undefined) changes.serviceArea = body.serviceArea;
  const image = body.serviceImage ?? body.imageURL;
  if (image !== undefined) changes.serviceImage = image;
  if (body.providerName !== undefined) changes.providerName = body.providerName;
  if (body.providerImage !== undefined) changes.providerImage = body.providerImage ?? null;
  if (body.status !== undefined) changes.status = body.status;
  await db
    .update(services)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(services.id, id), isNull(services.deletedAt)));
  return getService(db, id, user);
}

/** Soft delete: the service leaves every list; its bookings and reviews stay. */
export async function deleteService(db: Db, user: AuthUser, id: string): Promise<void> {
  await ownedService(db, user, id);
  await db
    .update(services)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(services.id, id), isNull(services.deletedAt)));
}
