import { and, eq, isNull } from 'drizzle-orm';
import type { Service } from '@meramot/shared';
import { placeCatalogue } from '../places/catalogue';
import type { Db } from './client';
import { jsonObjectOf } from './json-rows';
import { services, users } from './schema';

/** A service as the API shows it: its row and its provider's e-mail and verification. */
export const serviceColumns = {
  id: services.id,
  providerId: services.providerId,
  serviceName: services.serviceName,
  serviceDescription: services.serviceDescription,
  servicePrice: services.servicePrice,
  serviceArea: services.serviceArea,
  serviceDistrict: services.district,
  serviceAreas: services.placeAreas,
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

export const selectServices = (db: Db) =>
  db.select(serviceColumns).from(services).innerJoin(users, eq(users.id, services.providerId));
export type ServiceRow = Awaited<ReturnType<typeof selectServices>>[number];

/** The same services as JSON objects of the API's columns, for a JSON column of another row (db/json-rows.ts). */
export const selectServicesAsJson = (db: Db) =>
  db
    .select({ item: jsonObjectOf(serviceColumns) })
    .from(services)
    .innerJoin(users, eq(users.id, services.providerId));

export function toApiService(r: ServiceRow): Service {
  return {
    _id: r.id,
    serviceName: r.serviceName,
    serviceDescription: r.serviceDescription,
    servicePrice: Number(r.servicePrice),
    serviceArea: r.serviceArea,
    serviceDistrict: r.serviceDistrict,
    serviceAreas: r.serviceAreas,
    places: placeCatalogue().labels(r.serviceDistrict, r.serviceAreas),
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

/** A service as a JSON column carries it (db/json-rows.ts): its times as JSON text, its numbers as numbers. */
export type ServiceJson = Omit<ServiceRow, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string };

export const fromServicesJson = (list: readonly ServiceJson[]): Service[] =>
  list.map((r) => toApiService({ ...r, createdAt: new Date(r.createdAt), updatedAt: new Date(r.updatedAt) }));

/** Listed publicly: active and not deleted. */
export const isPublic = and(eq(services.status, 'active'), isNull(services.deletedAt))!;
