import type { Service, User } from '@meramot/shared';

export const service = (i: number, over: Partial<Service> = {}): Service => ({
  _id: `svc-${i}`,
  serviceName: `Service ${i}`,
  serviceDescription: `Description ${i}`,
  servicePrice: 1000 + i,
  serviceArea: 'Dhaka',
  serviceDistrict: null,
  serviceAreas: [],
  places: [],
  serviceImage: `/images/services/tv-${i}.webp`,
  providerName: `Provider ${i}`,
  providerEmail: `p${i}@meramot.test`,
  providerImage: null,
  providerVerified: true,
  status: 'active',
  bookings: 0,
  rating: null,
  reviewCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

export const user: User = {
  id: 'u1',
  uid: 'uid-1',
  email: 'rahim@meramot.test',
  displayName: 'Rahim Uddin',
  photoURL: null,
  phone: null,
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  lastLoginAt: null,
};

/** Stores a token and answers the verify call, so the app starts signed in. */
export const signedIn = { token: 'test-token', verify: { '/auth/verify': { valid: true, user } } };
