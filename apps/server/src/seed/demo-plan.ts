import { randomUUID } from 'node:crypto';
import { placeCatalogue } from '../places/catalogue';
import { placeOfService } from '../places/place-of-service';
import { addDays, dhakaDate, type BookingStatus } from '@meramot/shared';
import {
  DEMO_COMPLAINTS,
  DEMO_CUSTOMERS,
  DEMO_INSTRUCTIONS,
  DEMO_MIXED,
  DEMO_PEOPLE,
  DEMO_PRAISE,
  DEMO_PROVIDERS,
  DEMO_SERVICES,
  demoAvatar,
  demoEmail,
  demoUid,
  type DemoPerson,
  type DemoReviewText,
  type DemoService,
} from './demo-data';

/**
 * Turns the demo data into rows, with every time measured back from `now`. People are named by
 * their demo key; demo.ts swaps keys for user ids once the users exist.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Bookings reach back this far. */
const HISTORY_DAYS = 60;
const SEED = 20_251_101;

export class Random {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  /** mulberry32: tiny, and the same sequence on every run, so every demo database tells the same story. */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }
  between(min: number, max: number): number {
    return min + (max - min) * this.next();
  }
  int(min: number, max: number): number {
    return Math.floor(this.between(min, max + 1));
  }
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)]!;
  }
}

export interface PlannedUser {
  key: string;
  /** The Firebase uid asked for; an existing account with the e-mail keeps its own. */
  uid: string;
  email: string;
  displayName: string;
  photoUrl: string;
  phone: string | null;
  emailVerified: boolean;
  createdAt: Date;
  lastLoginAt: Date;
}

export interface PlannedService {
  id: string;
  providerKey: string;
  serviceName: string;
  serviceDescription: string;
  servicePrice: number;
  serviceArea: string;
  /** Its district and areas (issue 24): those its description names, else its provider's, else drawn as people live. */
  district: string | null;
  placeAreas: string[];
  serviceImage: string;
  providerName: string;
  providerImage: string;
  status: 'active' | 'paused';
  createdAt: Date;
  updatedAt: Date;
}

export interface PlannedBooking {
  id: string;
  serviceId: string;
  customerKey: string;
  providerKey: string;
  serviceName: string;
  serviceImage: string;
  price: number;
  serviceTakingDate: string;
  specialInstruction: string;
  status: BookingStatus;
  bookedAt: Date;
  startedAt: Date | null;
  completedAt: Date | null;
  cancelledAt: Date | null;
}

export interface PlannedReview {
  bookingId: string;
  serviceId: string;
  customerKey: string;
  providerKey: string;
  rating: number;
  title: string;
  comment: string;
  createdAt: Date;
}

export interface DemoPlan {
  users: PlannedUser[];
  services: PlannedService[];
  bookings: PlannedBooking[];
  reviews: PlannedReview[];
}

const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);
const after = (at: Date, ms: number) => new Date(at.getTime() + ms);

function planUser(person: DemoPerson, now: Date, rng: Random, joinedDaysAgo: number): PlannedUser {
  return {
    key: person.key,
    uid: demoUid(person),
    email: demoEmail(person),
    displayName: person.name,
    photoUrl: demoAvatar(person),
    phone: person.phone,
    emailVerified: person.emailVerified,
    createdAt: ago(now, joinedDaysAgo * DAY),
    lastLoginAt: ago(now, rng.between(0.1, 6) * DAY),
  };
}

function planService(data: DemoService, now: Date, rng: Random): PlannedService {
  const provider = DEMO_PROVIDERS.find((p) => p.key === data.provider)!;
  const createdAt = ago(now, data.ageDays * DAY + rng.between(0, 0.4) * DAY);
  const edited = rng.next() < 0.3 ? after(createdAt, rng.between(1, data.ageDays / 2) * DAY) : createdAt;
  const places = placeCatalogue();
  const place =
    places.placeNamedIn(data.description, data.area) ??
    places.placeNamedIn(provider.role, data.area) ??
    placeOfService(`${provider.key}:${data.area}`, data.area);
  return {
    id: randomUUID(),
    providerKey: provider.key,
    serviceName: data.name,
    serviceDescription: data.description,
    servicePrice: data.price,
    serviceArea: data.area,
    district: place?.district ?? null,
    placeAreas: place?.areas ?? [],
    serviceImage: `/images/services/${data.image}.webp`,
    providerName: provider.name,
    providerImage: demoAvatar(provider),
    status: data.paused ? 'paused' : 'active',
    createdAt,
    updatedAt: data.paused ? ago(now, rng.between(2, 10) * DAY) : edited,
  };
}

type Outcome = BookingStatus | 'cancelled';

/** Recent bookings are mostly still open, older ones mostly done; a few were cancelled. */
function outcome(rng: Random, daysAgo: number): Outcome {
  const r = rng.next();
  if (daysAgo < 1.5) return r < 0.75 ? 'pending' : 'working';
  if (daysAgo < 6) return r < 0.2 ? 'pending' : r < 0.25 ? 'cancelled' : r < 0.6 ? 'working' : 'completed';
  return r < 0.08 ? 'cancelled' : r < 0.14 ? 'working' : 'completed';
}

/** Customers book more than providers do, and nobody books their own service. */
function pickCustomer(rng: Random, providerKey: string): string {
  const pool = [...DEMO_CUSTOMERS, ...DEMO_CUSTOMERS, ...DEMO_CUSTOMERS, ...DEMO_PROVIDERS].filter(
    (p) => p.key !== providerKey,
  );
  return rng.pick(pool).key;
}

function planBooking(service: PlannedService, data: DemoService, now: Date, rng: Random): PlannedBooking {
  const maxAge = Math.min(HISTORY_DAYS, data.ageDays - 0.5);
  const minAge = data.paused ? 20 : 0.05;
  // Skewed towards recent days, so the open bookings are not a rarity.
  const daysAgo = minAge + (maxAge - minAge) * rng.next() ** 1.6;
  const bookedAt = ago(now, daysAgo * DAY);
  let status: Outcome = data.paused ? 'completed' : outcome(rng, daysAgo);
  const latest = ago(now, 5 * MINUTE);

  const startedAt =
    status === 'working' || status === 'completed' ? after(bookedAt, rng.between(15 * MINUTE, 8 * HOUR)) : null;
  if (startedAt && startedAt > latest) status = 'pending';
  let completedAt = status === 'completed' ? after(startedAt!, rng.between(HOUR, 3 * DAY)) : null;
  if (completedAt && completedAt > latest) {
    completedAt = null;
    status = 'working';
  }
  const cancelledAt =
    status === 'cancelled'
      ? new Date(Math.min(after(bookedAt, rng.between(10 * MINUTE, 20 * HOUR)).getTime(), latest.getTime()))
      : null;
  const today = dhakaDate(now);
  let serviceTakingDate = addDays(dhakaDate(bookedAt), rng.int(1, 3));
  if (status === 'pending' && serviceTakingDate < today) serviceTakingDate = addDays(today, rng.int(0, 2));
  if (status === 'working') serviceTakingDate = dhakaDate(startedAt!);
  if (status === 'completed') serviceTakingDate = dhakaDate(completedAt!);

  return {
    id: randomUUID(),
    serviceId: service.id,
    customerKey: pickCustomer(rng, service.providerKey),
    providerKey: service.providerKey,
    serviceName: service.serviceName,
    serviceImage: service.serviceImage,
    price: service.servicePrice,
    serviceTakingDate,
    specialInstruction: rng.next() < 0.7 ? rng.pick(DEMO_INSTRUCTIONS[data.kind]) : '',
    status: status === 'cancelled' ? 'pending' : status,
    bookedAt,
    startedAt: status === 'cancelled' || status === 'pending' ? null : startedAt,
    completedAt,
    cancelledAt,
  };
}

/** Hands out review texts in turn, so the same words do not repeat until a list is used up. */
class ReviewWriter {
  private used = new Map<readonly DemoReviewText[], number>();
  constructor(private rng: Random) {}

  private next(list: readonly DemoReviewText[]): DemoReviewText {
    const i = this.used.get(list) ?? 0;
    this.used.set(list, i + 1);
    return list[i % list.length]!;
  }

  write(data: DemoService, providerName: string): { rating: number; title: string; comment: string } {
    const r = this.rng.next();
    const rating = r < 0.55 ? 5 : r < 0.85 ? 4 : r < 0.95 ? 3 : 2;
    const text =
      rating >= 4
        ? this.next(DEMO_PRAISE[data.kind])
        : rating === 3
          ? this.next(DEMO_MIXED)
          : this.next(DEMO_COMPLAINTS);
    const firstName = providerName.split(' ')[0]!;
    return { rating, title: text.title, comment: text.comment.replaceAll('{provider}', firstName) };
  }
}

function planReview(
  booking: PlannedBooking,
  data: DemoService,
  service: PlannedService,
  now: Date,
  rng: Random,
  writer: ReviewWriter,
): PlannedReview | null {
  if (booking.status !== 'completed' || booking.cancelledAt || rng.next() > 0.65) return null;
  const createdAt = after(booking.completedAt!, rng.between(30 * MINUTE, 2 * DAY));
  if (createdAt > ago(now, 2 * MINUTE)) return null;
  return {
    bookingId: booking.id,
    serviceId: booking.serviceId,
    customerKey: booking.customerKey,
    providerKey: booking.providerKey,
    createdAt,
    ...writer.write(data, service.providerName),
  };
}

export function planDemo(now: Date = new Date()): DemoPlan {
  const rng = new Random(SEED);
  const writer = new ReviewWriter(rng);
  const oldestService = Math.max(...DEMO_SERVICES.map((d) => d.ageDays));
  const users = DEMO_PEOPLE.map((p) => {
    const isProvider = DEMO_PROVIDERS.includes(p);
    return planUser(p, now, rng, isProvider ? oldestService + rng.int(10, 30) : rng.int(HISTORY_DAYS + 10, 120));
  });
  const services: PlannedService[] = [];
  const bookings: PlannedBooking[] = [];
  const reviews: PlannedReview[] = [];
  for (const data of DEMO_SERVICES) {
    const service = planService(data, now, rng);
    services.push(service);
    const count = data.paused ? 2 : rng.pick([0, 1, 2, 2, 3, 3, 3, 4, 4, 5]);
    for (let i = 0; i < count; i++) {
      const booking = planBooking(service, data, now, rng);
      bookings.push(booking);
      const review = planReview(booking, data, service, now, rng, writer);
      if (review) reviews.push(review);
    }
  }
  return { users, services, bookings, reviews };
}
