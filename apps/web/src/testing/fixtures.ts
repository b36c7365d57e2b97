import type { Service } from '@meramot/shared';

/** A service as the API answers it, for component tests; override any field. */
export function makeService(overrides: Partial<Service> = {}): Service {
  return {
    _id: '3f259eb3-3549-4ff5-ace4-adef38ac3e61',
    serviceName: 'Smartphone Screen Replacement',
    serviceDescription:
      'Cracked or unresponsive screen? We fit genuine and original-grade Samsung and Apple panels in about an hour, with a warranty.',
    servicePrice: 125000,
    serviceArea: 'Dhaka',
    serviceImage: '/images/services/smartphone-1.webp',
    providerName: 'Rahim Uddin',
    providerEmail: 'rahim@meramot.test',
    providerImage: '/images/avatars/rahim-uddin.webp',
    providerVerified: true,
    status: 'active',
    bookings: 3,
    rating: 4.5,
    reviewCount: 2,
    createdAt: '2026-11-13T10:33:56.112Z',
    updatedAt: '2026-11-13T10:33:56.112Z',
    ...overrides,
  };
}
