/**
 * The generated marketplace for load tests: `npm run seed -- --services N` tops the database up to
 * N services with providers, customers, bookings in every status and reviews. Rows are made by
 * PostgreSQL itself (INSERT ... SELECT over generate_series, in batches of BATCH services), so a
 * million services take minutes, not hours. Generated people live under @bulk.meramot.test with
 * ids derived from their number (md5), so a later top-up reuses them; they have no sign-in account.
 */
import { sql, type SQL } from 'drizzle-orm';
import { AREAS } from '@meramot/shared';
import { queryRows, type Db } from '../db/client';
import { placeCatalogue } from '../places/catalogue';
import { placeOfService } from '../places/place-of-service';
import {
  BULK_CLOSINGS,
  BULK_FIRST_NAMES,
  BULK_INSTRUCTIONS,
  BULK_KINDS,
  BULK_LAST_NAMES,
  BULK_OPENINGS,
  BULK_REVIEW_COMMENTS,
  BULK_REVIEW_TITLES,
} from './bulk-vocabulary';

export const BULK_EMAIL_DOMAIN = 'bulk.meramot.test';
/** Services per provider, and services per customer (so 1M services have 50k providers, 200k customers). */
const SERVICES_PER_PROVIDER = 20;
const SERVICES_PER_CUSTOMER = 5;
const BATCH = 50_000;
/**
 * The kind of service number g is KIND_OF_SLOT[g % 20]: phones 30 %, laptops 20 %, TVs 15 %, ACs
 * 20 %, other 15 %, interleaved so that any stretch of listings holds every kind.
 */
const KIND_OF_SLOT = [0, 1, 3, 0, 2, 4, 0, 1, 3, 0, 2, 4, 0, 1, 3, 0, 2, 4, 1, 3];

export interface BulkSummary {
  added: number;
  total: number;
  bookings: number;
  reviews: number;
  seconds: number;
}

/** A text[] literal built by the server from a JSON parameter (one parameter, whatever the length). */
const textArray = (values: readonly string[]): SQL =>
  sql`ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
/** A random element of a text[] expression with n elements. */
const pick = (array: SQL, n: number): SQL => sql`(${array})[1 + floor(random() * ${n})::int]`;
const personId = (kind: 'p' | 'c', n: SQL): SQL => sql`md5('meramot-bulk-${sql.raw(kind)}-' || (${n}))::uuid`;

async function count(db: Db, query: SQL): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, query);
  return Number(row?.n ?? 0);
}

/** Inserts the people numbered [from, to) of a kind; ones that exist are kept. */
async function insertPeople(db: Db, kind: 'p' | 'c', from: number, to: number): Promise<void> {
  if (to <= from) return;
  const first = textArray(BULK_FIRST_NAMES);
  const last = textArray(BULK_LAST_NAMES);
  const role = kind === 'p' ? 'provider' : 'customer';
  await db.execute(sql`
    INSERT INTO users (id, firebase_uid, email, display_name, phone, email_verified, created_at)
    SELECT ${personId(kind, sql`g`)}, ${`bulk-${kind}-`} || g, ${`${role}-`} || g || ${`@${BULK_EMAIL_DOMAIN}`},
           (${first})[1 + g % ${BULK_FIRST_NAMES.length}] || ' ' || (${last})[1 + (g / ${BULK_FIRST_NAMES.length}) % ${BULK_LAST_NAMES.length}],
           CASE WHEN random() < 0.8 THEN '01' || (3 + g % 7) || lpad((g * 7919 % 100000000)::text, 8, '0') END,
           random() < 0.7,
           now() - random() * interval '900 days'
    FROM generate_series(${from}::int, ${to - 1}::int) AS g
    ON CONFLICT DO NOTHING`);
}

/**
 * Inserts the services of one kind among those numbered [from, to) into the batch table. A listing date
 * grows with its number (over two years up to now for `span` services), as rows of a real
 * marketplace are written in the order they are listed.
 */
async function insertServices(db: Db, kindIndex: number, from: number, to: number, span: number): Promise<void> {
  const kind = BULK_KINDS[kindIndex]!;
  const slots = KIND_OF_SLOT.flatMap((k, slot) => (k === kindIndex ? [slot] : []));
  const [low, high] = kind.price;
  const areas = textArray(AREAS);
  await db.execute(sql`
    WITH rows AS (
      SELECT g, g / ${SERVICES_PER_PROVIDER} AS k, random() AS r FROM generate_series(${from}::int, ${to - 1}::int) AS g
      WHERE g % ${KIND_OF_SLOT.length} IN (${sql.raw(slots.join(', '))})
    ), inserted AS (
      INSERT INTO services (provider_id, service_name, service_description, service_price, service_area, district,
                            place_areas, service_image, provider_name, status, created_at, updated_at, deleted_at)
      SELECT ${personId('p', sql`k`)},
             ${pick(textArray(kind.brands), kind.brands.length)} || ' ' || ${pick(textArray(kind.jobs), kind.jobs.length)},
             ${pick(textArray(BULK_OPENINGS), BULK_OPENINGS.length)} || ' We serve ' || p.label
               || ' and the nearby areas. ' || ${pick(textArray(BULK_CLOSINGS), BULK_CLOSINGS.length)},
             round((${low} + random() * ${high - low}) / 50) * 50,
             t.area, p.district, p.areas,
             ${pick(textArray(kind.images), kind.images.length)},
             (SELECT display_name FROM users WHERE id = ${personId('p', sql`k`)}),
             CASE WHEN r > 0.97 THEN 'paused' ELSE 'active' END,
             c, c, CASE WHEN r BETWEEN 0.5 AND 0.51 THEN c + interval '1 day' END
      FROM (
        SELECT k, r, now() - interval '730 days' * (1 - (g + random()) / ${span}) AS c,
               CASE WHEN r < 0.8 THEN (${areas})[1 + k % 8] ELSE ${pick(areas, 8)} END AS area,
               floor(random() * ${PLACE_SLOTS})::int AS slot
        FROM rows
      ) AS t
      JOIN bulk_places p ON p.division = t.area AND p.slot = t.slot
      RETURNING id, provider_id, service_name, service_image, service_price, created_at
    )
    INSERT INTO bulk_batch SELECT * FROM inserted`);
}

/**
 * Bookings (0 to 2 per service, every status, some cancelled) and reviews of the batch's services,
 * then the services' counters from them. Every step reads only the batch's rows (temporary tables
 * filled by RETURNING), so a batch costs the same at 1,000,000 services as at the first.
 */
async function insertBookingsAndReviews(db: Db, customers: number): Promise<void> {
  await db.execute(sql`
    WITH inserted AS (
      INSERT INTO bookings (service_id, customer_id, provider_id, service_name, service_image, price, service_taking_date,
                            special_instruction, status, booked_at, started_at, completed_at, cancelled_at)
      SELECT id, ${personId('c', sql`floor(random() * ${customers})::int`)}, provider_id, service_name, service_image,
             service_price, (booked + (1 + floor(random() * 7)::int) * interval '1 day')::date,
             ${pick(textArray(BULK_INSTRUCTIONS), BULK_INSTRUCTIONS.length)},
             CASE WHEN r < 0.25 THEN 'pending' WHEN r < 0.4 THEN 'working' ELSE 'completed' END,
             booked,
             CASE WHEN r >= 0.25 THEN least(now(), started) END,
             CASE WHEN r >= 0.4 THEN least(now(), started + random() * interval '72 hours') END,
             CASE WHEN r < 0.05 THEN least(now(), booked + interval '1 hour') END
      FROM (
        SELECT b.*, random() AS r, booked, booked + random() * interval '48 hours' AS started
        FROM bulk_batch b
        CROSS JOIN LATERAL generate_series(1, get_byte(decode(md5(b.id::text), 'hex'), 0) % 3) AS n
        CROSS JOIN LATERAL (SELECT b.created_at + random() * (now() - b.created_at) AS booked) AS t
      ) AS s
      RETURNING id, service_id, customer_id, provider_id, status, completed_at, cancelled_at
    )
    INSERT INTO bulk_bookings SELECT * FROM inserted`);
  await db.execute(sql`
    WITH inserted AS (
      INSERT INTO reviews (booking_id, service_id, customer_id, provider_id, rating, title, comment, created_at)
      SELECT id, service_id, customer_id, provider_id,
             CASE WHEN r < 0.45 THEN 5 WHEN r < 0.75 THEN 4 WHEN r < 0.88 THEN 3 WHEN r < 0.95 THEN 2 ELSE 1 END,
             ${pick(textArray(BULK_REVIEW_TITLES), BULK_REVIEW_TITLES.length)},
             ${pick(textArray(BULK_REVIEW_COMMENTS), BULK_REVIEW_COMMENTS.length)},
             least(now(), completed_at + random() * interval '5 days')
      FROM (SELECT *, random() AS r FROM bulk_bookings WHERE status = 'completed') AS c
      WHERE random() < 0.7
      RETURNING service_id, rating
    )
    INSERT INTO bulk_reviews SELECT * FROM inserted`);
  await db.execute(sql`
    UPDATE services s SET bookings_count = x.bookings, rating_total = x.rating_total, review_count = x.reviews
    FROM (
      SELECT b.id,
             (SELECT count(*) FROM bulk_bookings bk WHERE bk.service_id = b.id AND bk.cancelled_at IS NULL) AS bookings,
             coalesce((SELECT sum(rating) FROM bulk_reviews rv WHERE rv.service_id = b.id), 0) AS rating_total,
             (SELECT count(*) FROM bulk_reviews rv WHERE rv.service_id = b.id) AS reviews
      FROM bulk_batch b
    ) AS x
    WHERE s.id = x.id AND (x.bookings > 0 OR x.reviews > 0)`);
}

/**
 * Where generated services are (issue 24): PLACE_SLOTS places per division drawn as people live
 * (places/place-of-service.ts), each service taking one of its division's at random; `label` is
 * what its description says it serves (its first area, else its district).
 */
const PLACE_SLOTS = 1000;

async function createPlaceSlots(db: Db): Promise<void> {
  const places = placeCatalogue();
  const slots = AREAS.flatMap((division) =>
    Array.from({ length: PLACE_SLOTS }, (_, slot) => {
      const place = placeOfService(`bulk:${division}:${slot}`, division)!;
      const first = place.areas[0];
      const label = first ? places.areas.get(first)!.name : places.districts.get(place.district)!.name;
      return { division, slot, district: place.district, areas: place.areas, label };
    }),
  );
  await db.execute(sql`
    CREATE TEMP TABLE bulk_places (division text, slot int, district text, areas text[], label text,
                                   PRIMARY KEY (division, slot)) ON COMMIT DROP`);
  await db.execute(sql`
    INSERT INTO bulk_places
    SELECT x.division, x.slot, x.district, ARRAY(SELECT jsonb_array_elements_text(x.areas)), x.label
    FROM jsonb_to_recordset(${JSON.stringify(slots)}::jsonb)
      AS x(division text, slot int, district text, areas jsonb, label text)`);
}

/**
 * Adds generated services until the database holds `target` services (counting every service,
 * demo ones included). Returns what was added; `log` hears about each batch.
 */
export async function seedBulk(db: Db, target: number, log: (msg: string) => void): Promise<BulkSummary> {
  const started = performance.now();
  const existing = await count(db, sql`SELECT count(*)::int AS n FROM services`);
  const generated = await count(
    db,
    sql`SELECT count(*)::int AS n FROM services s JOIN users u ON u.id = s.provider_id WHERE u.email LIKE ${`%@${BULK_EMAIL_DOMAIN}`}`,
  );
  const toAdd = Math.max(0, target - existing);
  const customers = Math.max(100, Math.ceil((generated + toAdd) / SERVICES_PER_CUSTOMER));
  if (toAdd > 0) await insertPeople(db, 'c', 0, customers);
  for (let start = generated; start < generated + toAdd; start += BATCH) {
    const end = Math.min(start + BATCH, generated + toAdd);
    await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      // The same data for the same numbers on every run (random() is per connection, and the
      // transaction holds one), so the query-plan tests see the same catalogue everywhere.
      await t.execute(sql`SELECT setseed(${((start / BATCH) % 1000) / 1000})`);
      await insertPeople(
        t,
        'p',
        Math.floor(start / SERVICES_PER_PROVIDER),
        Math.floor((end - 1) / SERVICES_PER_PROVIDER) + 1,
      );
      await t.execute(sql`
        CREATE TEMP TABLE bulk_batch (id uuid PRIMARY KEY, provider_id uuid, service_name text, service_image text,
                                      service_price numeric, created_at timestamptz) ON COMMIT DROP`);
      await t.execute(sql`
        CREATE TEMP TABLE bulk_bookings (id uuid, service_id uuid, customer_id uuid, provider_id uuid, status text,
                                         completed_at timestamptz, cancelled_at timestamptz) ON COMMIT DROP`);
      await t.execute(sql`CREATE INDEX ON bulk_bookings (service_id)`);
      await t.execute(sql`CREATE TEMP TABLE bulk_reviews (service_id uuid, rating int) ON COMMIT DROP`);
      await createPlaceSlots(t);
      await t.execute(sql`CREATE INDEX ON bulk_reviews (service_id)`);
      for (let k = 0; k < BULK_KINDS.length; k++) await insertServices(t, k, start, end, generated + toAdd);
      await insertBookingsAndReviews(t, customers);
    });
    log(`  ${(end - generated).toLocaleString('en')} of ${toAdd.toLocaleString('en')} services added`);
  }
  if (toAdd > 0) await db.execute(sql`ANALYZE`);
  const [bookingCount, reviewCount] = await Promise.all([
    count(db, sql`SELECT count(*)::int AS n FROM bookings`),
    count(db, sql`SELECT count(*)::int AS n FROM reviews`),
  ]);
  return {
    added: toAdd,
    total: existing + toAdd,
    bookings: bookingCount,
    reviews: reviewCount,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}
