import { inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../env';
import type { Db, Tx } from '../db/client';
import { ensureDemoAccounts } from './demo-accounts';
import { DEMO_PASSWORD } from './demo-data';
import { planDemo, type DemoPlan } from './demo-plan';
import { bookings, reviews, services, users } from '../db/schema';
import { seedDemoNotifications } from './demo-notifications';

/** What seeding needs of a logger: Fastify's logger fits, and so does a console wrapper. */
export interface DemoLogger {
  info(msg: string): void;
  warn(msg: string): void;
}

export interface DemoSummary {
  people: number;
  providers: number;
  services: number;
  pausedServices: number;
  areas: number;
  bookings: { pending: number; working: number; completed: number; cancelled: number };
  reviews: number;
  /** Whether the demo accounts exist in the Auth Emulator (false without an emulator). */
  accounts: boolean;
}

/** Advisory lock key, so two processes starting on one empty database seed it once. */
const SEED_LOCK = 7_305_221;

export async function hasServices(db: Db | Tx): Promise<boolean> {
  const rows = await db.select({ id: services.id }).from(services).limit(1);
  return rows.length > 0;
}

async function insertUsers(tx: Tx, plan: DemoPlan, uids: Map<string, string> | null): Promise<(key: string) => string> {
  await tx
    .insert(users)
    .values(plan.users.map(({ key: _key, uid, ...u }) => ({ ...u, firebaseUid: uids?.get(u.email) ?? uid })))
    // A demo e-mail someone already signed in with keeps its row; the demo data is linked to it.
    .onConflictDoNothing();
  const emails = plan.users.map((u) => u.email);
  const rows = await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails));
  const idByEmail = new Map(rows.map((r) => [r.email, r.id]));
  const emailByKey = new Map(plan.users.map((u) => [u.key, u.email]));
  return (key) => {
    const id = idByEmail.get(emailByKey.get(key) ?? '');
    if (!id) throw new Error(`Demo user ${key} could not be stored (its Firebase uid belongs to another e-mail).`);
    return id;
  };
}

/** Writes the plan; counters are then derived from the rows so they cannot disagree with them. */
async function writePlan(tx: Tx, plan: DemoPlan, uids: Map<string, string> | null): Promise<void> {
  const idOf = await insertUsers(tx, plan, uids);
  await tx
    .insert(services)
    .values(plan.services.map(({ providerKey, ...s }) => ({ ...s, providerId: idOf(providerKey) })));
  await tx.insert(bookings).values(
    plan.bookings.map(({ customerKey, providerKey, ...b }) => ({
      ...b,
      customerId: idOf(customerKey),
      providerId: idOf(providerKey),
    })),
  );
  if (plan.reviews.length > 0) {
    await tx.insert(reviews).values(
      plan.reviews.map(({ customerKey, providerKey, ...r }) => ({
        ...r,
        customerId: idOf(customerKey),
        providerId: idOf(providerKey),
      })),
    );
  }
  await tx.execute(sql`
    UPDATE ${services} SET
      bookings_count = (SELECT count(*) FROM ${bookings} b WHERE b.service_id = ${services.id} AND b.cancelled_at IS NULL),
      rating_total = (SELECT coalesce(sum(r.rating), 0) FROM ${reviews} r WHERE r.service_id = ${services.id}),
      review_count = (SELECT count(*) FROM ${reviews} r WHERE r.service_id = ${services.id})`);
  await seedDemoNotifications(tx);
}

function summarize(plan: DemoPlan, accounts: boolean): DemoSummary {
  const live = plan.bookings.filter((b) => !b.cancelledAt);
  const count = (status: string) => live.filter((b) => b.status === status).length;
  return {
    people: plan.users.length,
    providers: new Set(plan.services.map((s) => s.providerKey)).size,
    services: plan.services.length,
    pausedServices: plan.services.filter((s) => s.status === 'paused').length,
    areas: new Set(plan.services.map((s) => s.serviceArea)).size,
    bookings: {
      pending: count('pending'),
      working: count('working'),
      completed: count('completed'),
      cancelled: plan.bookings.length - live.length,
    },
    reviews: plan.reviews.length,
    accounts,
  };
}

export function describeSummary(s: DemoSummary): string {
  const b = s.bookings;
  return (
    `Demo data seeded: ${s.services} services (${s.pausedServices} paused) by ${s.providers} providers in ${s.areas} areas, ` +
    `${s.people} people, ${b.pending + b.working + b.completed + b.cancelled} bookings ` +
    `(${b.pending} pending, ${b.working} working, ${b.completed} completed, ${b.cancelled} cancelled), ${s.reviews} reviews` +
    (s.accounts ? `; demo accounts are in the Auth Emulator with password ${DEMO_PASSWORD}.` : '.')
  );
}

/**
 * Seeds the demo marketplace into a database without services, in one transaction, and creates
 * the demo accounts in the Auth Emulator when one is configured. Answers null, changing nothing,
 * when the database already has services.
 */
export async function seedDemo(db: Db, config: Config, log: DemoLogger, now = new Date()): Promise<DemoSummary | null> {
  if (await hasServices(db)) return null;
  const uids = await ensureDemoAccounts(config);
  const plan = planDemo(now);
  const written = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
    if (await hasServices(tx)) return false;
    await writePlan(tx, plan, uids);
    return true;
  });
  if (!written) return null;
  const summary = summarize(plan, uids !== null);
  log.info(describeSummary(summary));
  if (!uids) {
    log.warn(
      'Demo accounts were not created: they need the Firebase Auth Emulator (FIREBASE_AUTH_EMULATOR_HOST). ' +
        'The demo services, bookings and reviews are stored, but nobody can sign in as a demo person.',
    );
  }
  return summary;
}

/** Called at start with SEED_DEMO=auto: seeds the first start of an empty database. */
export async function seedDemoIfEmpty(db: Db, config: Config, log: FastifyBaseLogger): Promise<void> {
  try {
    await seedDemo(db, config, log);
  } catch (err) {
    // Nothing was written (one transaction), so the next start tries again; the app runs meanwhile.
    log.error(`Demo data was not seeded: ${err instanceof Error ? err.message : String(err)}`);
  }
}
