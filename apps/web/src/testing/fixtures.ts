import type { Booking, Photo, Service, User } from '@meramot/shared';

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

/** A person as GET /api/auth/verify answers them; override any field. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: '6c1f0a52-1111-4c8e-9a55-0d3a3c1b2f10',
    uid: 'demo-ayesha',
    email: 'ayesha@meramot.test',
    displayName: 'Ayesha Siddiqua',
    photoURL: null,
    phone: null,
    emailVerified: true,
    createdAt: '2026-11-01T08:00:00.000Z',
    lastLoginAt: '2026-11-21T08:00:00.000Z',
    ...overrides,
  };
}

let bookingSeq = 0;

/**
 * A booking as the API answers it (a customer's pending booking of a Dhaka service); override any
 * field. `serviceStatus` follows `status`, and each booking gets its own id.
 */
export function makeBooking(overrides: Partial<Booking> = {}): Booking {
  bookingSeq += 1;
  const status = overrides.status ?? 'pending';
  return {
    _id: `00000000-0000-4000-8000-${String(bookingSeq).padStart(12, '0')}`,
    serviceId: '3f259eb3-3549-4ff5-ace4-adef38ac3e61',
    serviceName: `Service ${bookingSeq}`,
    serviceImage: '/images/services/smartphone-1.webp',
    price: 2500,
    servicePrice: 2500,
    providerName: 'Rahim Uddin',
    providerEmail: 'rahim@meramot.test',
    providerPhone: '01711345678',
    providerImage: null,
    serviceArea: 'Dhaka',
    bookedAt: '2026-11-20T11:48:51.049Z',
    startedAt: status === 'pending' ? null : '2026-11-21T06:00:00.000Z',
    completedAt: status === 'completed' ? '2026-11-21T09:30:00.000Z' : null,
    estimatedTime: '2-3 hours',
    specialInstruction: '',
    customerNotes: '',
    serviceTakingDate: '2026-11-22',
    userName: 'Ayesha Siddiqua',
    customerName: 'Ayesha Siddiqua',
    userEmail: 'ayesha@meramot.test',
    customerEmail: 'ayesha@meramot.test',
    reviewed: false,
    serviceDeleted: false,
    state: status,
    window: null,
    location: 'shop',
    address: null,
    customerPhone: null,
    shopAddress: null,
    contactShared: status !== 'pending',
    jobMinutes: null,
    declineReason: null,
    acceptedAt: status === 'pending' ? null : '2026-11-21T06:00:00.000Z',
    endedAt: null,
    expiresAt: null,
    proposals: [],
    review: null,
    photos: [],
    ...overrides,
    status,
    serviceStatus: status,
  };
}

let photoSeq = 0;

/**
 * An uploaded photo as POST /api/photos answers it (4:3, WebP at 320, 640 and 1280 px, AVIF at
 * 320 and 640); each gets its own id. Override any field.
 */
export function makePhoto(overrides: Partial<Photo> = {}): Photo {
  photoSeq += 1;
  const id = `10000000-0000-4000-8000-${String(photoSeq).padStart(12, '0')}`;
  const hash = `p${String(photoSeq).padStart(4, '0')}`;
  const variant = (width: number, format: 'webp' | 'avif') => ({
    width,
    height: (width * 3) / 4,
    format,
    url: `/photos/${hash}-${width}.${format}`,
  });
  return {
    id,
    width: 1280,
    height: 960,
    url: `/photos/${hash}-640.webp`,
    variants: [
      variant(320, 'webp'),
      variant(640, 'webp'),
      variant(1280, 'webp'),
      variant(320, 'avif'),
      variant(640, 'avif'),
    ],
    placeholder: 'data:image/webp;base64,UklGRh4AAABXRUJQVlA4TBEAAAAvAAAAAAfQ//73v/+BiOh/AAA=',
    createdAt: '2026-11-21T08:00:00.000Z',
    ...overrides,
  };
}
