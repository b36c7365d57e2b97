import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREAS, CATEGORIES } from '@meramot/shared';
import { createTestApp, type TestApp } from '../../test/helpers';
import { seedBulk } from './bulk-seed';
import { queryRows, type Db } from '../db/client';

let t: TestApp;
let db: Db;
const rows = <T>(query: SQL) => queryRows<T>(db, query);

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
});
afterAll(() => t.close());

describe('seedBulk (npm run seed -- --services N)', () => {
  it('fills an empty database with services in every area and category, people, bookings in every status and reviews', async () => {
    const summary = await seedBulk(db, 1200, () => {});
    expect(summary).toMatchObject({ added: 1200, total: 1200 });
    expect(summary.bookings).toBeGreaterThan(800);
    expect(summary.reviews).toBeGreaterThan(200);

    const areas = await rows<{ service_area: string }>(sql`SELECT DISTINCT service_area FROM services`);
    expect(areas.map((a) => a.service_area).sort()).toEqual([...AREAS].sort());
    const categories = (await t.app.inject({ method: 'GET', url: '/api/services/categories' })).json() as Array<{
      key: string;
      count: number;
    }>;
    expect(categories.map((c) => c.key)).toEqual(CATEGORIES.map((c) => c.key));
    for (const c of categories) expect(c.count).toBeGreaterThan(50);

    const statuses = await rows<{ status: string; cancelled: boolean }>(
      sql`SELECT DISTINCT status, cancelled_at IS NOT NULL AS cancelled FROM bookings`,
    );
    expect(statuses).toEqual(
      expect.arrayContaining([
        { status: 'pending', cancelled: false },
        { status: 'pending', cancelled: true },
        { status: 'working', cancelled: false },
        { status: 'completed', cancelled: false },
      ]),
    );
    const [people] = await rows<{ providers: number; customers: number }>(sql`
      SELECT count(*) FILTER (WHERE email LIKE 'provider-%')::int AS providers,
             count(*) FILTER (WHERE email LIKE 'customer-%')::int AS customers FROM users`);
    expect(people).toEqual({ providers: 60, customers: 240 });
  });

  it('keeps every counter equal to the rows it counts, and every booking and review consistent', async () => {
    const [wrong] = await rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM services s
      WHERE s.bookings_count <> (SELECT count(*) FROM bookings b WHERE b.service_id = s.id AND b.cancelled_at IS NULL)
         OR s.review_count <> (SELECT count(*) FROM reviews r WHERE r.service_id = s.id)
         OR s.rating_total <> (SELECT coalesce(sum(rating), 0) FROM reviews r WHERE r.service_id = s.id)`);
    expect(wrong!.n).toBe(0);
    const [bad] = await rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM reviews r JOIN bookings b ON b.id = r.booking_id
      WHERE b.status <> 'completed' OR b.customer_id <> r.customer_id OR b.service_id <> r.service_id`);
    expect(bad!.n).toBe(0);
    const [future] = await rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM bookings WHERE booked_at > now() OR started_at > now() OR completed_at > now()`);
    expect(future!.n).toBe(0);
  });

  it('tops up to the number asked for, and adds nothing when the database already holds it', async () => {
    expect(await seedBulk(db, 1000, () => {})).toMatchObject({ added: 0, total: 1200 });
    expect(await seedBulk(db, 1500, () => {})).toMatchObject({ added: 300, total: 1500 });
    const [dupes] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM (SELECT email FROM users GROUP BY email HAVING count(*) > 1) d`,
    );
    expect(dupes!.n).toBe(0);
  });
});
