import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import {
  CATEGORIES,
  type AreaCount,
  type CategoryCount,
  type Service,
  type ServiceCreate,
  type ServiceUpdate,
  type SortKey,
} from '@meramot/shared';
import type { Db } from '../../db/client';
import { services, users } from '../../db/schema';
import { forbidden, notFound } from '../../lib/http-error';
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

const ORDER: Record<SortKey, SQL[]> = {
  newest: [desc(services.createdAt), desc(services.id)],
  name: [asc(sql`lower(${services.serviceName})`), asc(services.id)],
  'price-low': [asc(services.servicePrice), asc(services.id)],
  'price-high': [desc(services.servicePrice), asc(services.id)],
  provider: [asc(sql`lower(${services.providerName})`), asc(services.id)],
};

export async function listServices(
  db: Db,
  q: { search?: string; area?: string; sort?: SortKey; page: number; limit: number },
) {
  const conditions = [isPublic];
  if (q.search) conditions.push(matchesSearch(q.search));
  if (q.area) conditions.push(eq(services.serviceArea, q.area));
  const where = and(...conditions);
  const rows = await selectServices(db)
    .where(where)
    .orderBy(...ORDER[q.sort ?? 'newest'])
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [{ total }] = (await db
    .select({ total: sql<number>`count(*)::int` })
    .from(services)
    .where(where)) as [{ total: number }];
  return { services: rows.map(toApiService), total, page: q.page, limit: q.limit };
}

export async function searchServices(db: Db, text: string, limit: number): Promise<Service[]> {
  const rows = await selectServices(db)
    .where(and(isPublic, matchesSearch(text)))
    .orderBy(desc(sql`${services.serviceName} ILIKE ${likePattern(text)}`), desc(services.createdAt), desc(services.id))
    .limit(limit);
  return rows.map(toApiService);
}

export async function areaCounts(db: Db): Promise<AreaCount[]> {
  const rows = await db
    .select({ area: services.serviceArea, count: sql<number>`count(*)::int` })
    .from(services)
    .where(isPublic)
    .groupBy(services.serviceArea)
    .orderBy(asc(services.serviceArea));
  return rows as AreaCount[];
}

/** Whole-word keyword match on the service name (so "ac" does not count "Replacement"). */
function categoryPattern(keywords: readonly string[]): string {
  return `\\m(${keywords.join('|')})\\M`;
}

export async function categoryCounts(db: Db): Promise<CategoryCount[]> {
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
