import type { Booking, Photo, PlaceArea, PlaceDistrict, PlaceLabel, Places, Service, User } from '@meramot/shared';

/** A service as the API answers it, for component tests; override any field. */
export function makeService(overrides: Partial<Service> = {}): Service {
  return {
    _id: '3f259eb3-3549-4ff5-ace4-adef38ac3e61',
    serviceName: 'Smartphone Screen Replacement',
    serviceDescription:
      'Cracked or unresponsive screen? We fit genuine and original-grade Samsung and Apple panels in about an hour, with a warranty.',
    servicePrice: 125000,
    serviceArea: 'Dhaka',
    serviceDistrict: null,
    serviceAreas: [],
    places: [],
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

/** An area of the places fixture: [slug, English, Bangla, kind, other spellings]. */
type AreaRow = [string, string, string, PlaceArea['kind'], string[]?];

const district = (
  id: string,
  name: string,
  bn: string,
  centre: [number, number],
  areas: AreaRow[],
  spellings: string[] = [],
): PlaceDistrict => ({
  id,
  name,
  bn,
  spellings,
  centre: { lat: centre[0], lon: centre[1] },
  areas: areas.map(([slug, areaName, areaBn, kind, other = []]) => ({
    id: `${id}/${slug}`,
    name: areaName,
    bn: areaBn,
    kind,
    spellings: other,
  })),
});

/**
 * GET /api/places as the component tests see it: a few of the real places (names, ids and
 * spellings as the server's data has them). Dhaka district has 16 city areas and 2 upazilas (more
 * than a service's 12), Chittagong division 3 districts (Cumilla also spelt Comilla).
 */
export const PLACES: Places = {
  divisions: [
    {
      id: 'Dhaka',
      name: 'Dhaka',
      bn: 'ঢাকা',
      spellings: [],
      districts: [
        district(
          'dhaka',
          'Dhaka',
          'ঢাকা',
          [23.7115253, 90.4111451],
          [
            ['adabor', 'Adabor', 'আদাবর', 'city-area'],
            ['badda', 'Badda', 'বাড্ডা', 'city-area'],
            ['banani', 'Banani', 'বনানী', 'city-area'],
            ['dhanmondi', 'Dhanmondi', 'ধানমন্ডি', 'city-area', ['Dhanmandi']],
            ['gulshan', 'Gulshan', 'গুলশান', 'city-area'],
            ['jatrabari', 'Jatrabari', 'যাত্রাবাড়ী', 'city-area'],
            ['khilgaon', 'Khilgaon', 'খিলগাঁও', 'city-area'],
            ['lalbagh', 'Lalbagh', 'লালবাগ', 'city-area'],
            ['mirpur', 'Mirpur', 'মিরপুর', 'city-area'],
            ['mohammadpur', 'Mohammadpur', 'মোহাম্মদপুর', 'city-area', ['Mohammedpur']],
            ['motijheel', 'Motijheel', 'মতিঝিল', 'city-area'],
            ['pallabi', 'Pallabi', 'পল্লবী', 'city-area'],
            ['ramna', 'Ramna', 'রমনা', 'city-area'],
            ['tejgaon', 'Tejgaon', 'তেজগাঁও', 'city-area'],
            ['uttara-east', 'Uttara East', 'উত্তরা পূর্ব', 'city-area', ['Uttara']],
            ['wari', 'Wari', 'ওয়ারী', 'city-area'],
            ['keraniganj', 'Keraniganj', 'কেরাণীগঞ্জ', 'upazila'],
            ['savar', 'Savar', 'সাভার', 'upazila'],
          ],
        ),
        district(
          'gazipur',
          'Gazipur',
          'গাজীপুর',
          [24.0022858, 90.4264283],
          [
            ['gazipur-sadar', 'Gazipur Sadar', 'গাজীপুর সদর', 'upazila'],
            ['kaliakair', 'Kaliakair', 'কালিয়াকৈর', 'upazila'],
            ['sreepur', 'Sreepur', 'শ্রীপুর', 'upazila'],
          ],
        ),
      ],
    },
    {
      id: 'Chittagong',
      name: 'Chittagong',
      bn: 'চট্টগ্রাম',
      spellings: ['Chattagram', 'Chattogram', 'Ctg'],
      districts: [
        district(
          'chattogram',
          'Chattogram',
          'চট্টগ্রাম',
          [22.335109, 91.834073],
          [
            ['agrabad', 'Agrabad', 'আগ্রাবাদ', 'city-area'],
            ['halishahar', 'Halishahar', 'হালিশহর', 'city-area'],
            ['hathazari', 'Hathazari', 'হাটহাজারী', 'upazila'],
          ],
          ['Chittagong', 'Chattagram', 'Ctg'],
        ),
        district(
          'coxsbazar',
          'Coxsbazar',
          'কক্সবাজার',
          [21.44315751, 91.97381741],
          [
            ['ramu', 'Ramu', 'রামু', 'upazila'],
            ['teknaf', 'Teknaf', 'টেকনাফ', 'upazila'],
          ],
          ["Cox's Bazar", 'Coxs Bazar', 'Cox Bazar'],
        ),
        district(
          'cumilla',
          'Cumilla',
          'কুমিল্লা',
          [23.4682747, 91.1788135],
          [
            ['comilla-sadar', 'Comilla Sadar', 'কুমিল্লা সদর', 'upazila'],
            ['daudkandi', 'Daudkandi', 'দাউদকান্দি', 'upazila'],
            ['laksam', 'Laksam', 'লাকসাম', 'upazila'],
          ],
          ['Comilla'],
        ),
      ],
    },
    {
      id: 'Sylhet',
      name: 'Sylhet',
      bn: 'সিলেট',
      spellings: [],
      districts: [
        district(
          'sylhet',
          'Sylhet',
          'সিলেট',
          [24.8897956, 91.8697894],
          [
            ['beanibazar', 'Beanibazar', 'বিয়ানীবাজার', 'upazila'],
            ['sylhet-sadar', 'Sylhet Sadar', 'সিলেট সদর', 'upazila'],
          ],
        ),
      ],
    },
  ],
  counts: { divisions: 3, districts: 6, upazilas: 14, cityAreas: 18 },
  source: 'Divisions, districts and upazilas: nuhil/bangladesh-geocode (MIT licence).',
};

/** What a service's answer names of its place (`places`): its district, then its areas, from PLACES. */
export function placeLabels(districtId: string, areaIds: string[] = []): PlaceLabel[] {
  const found = PLACES.divisions.flatMap((d) => d.districts).find((d) => d.id === districtId);
  if (!found) throw new Error(`No district ${districtId} in PLACES`);
  const areas = areaIds.map((id) => {
    const area = found.areas.find((a) => a.id === id);
    if (!area) throw new Error(`No area ${id} in ${districtId}`);
    return { id: area.id, name: area.name, bn: area.bn, kind: area.kind };
  });
  return [{ id: found.id, name: found.name, bn: found.bn, kind: 'district' }, ...areas];
}
