import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../src/db/client';

export interface InvariantResult {
  name: string;
  /** Rows the check looked at. */
  rows: number;
  violations: number;
}

/**
 * What must hold in the database after any mix of concurrent bookings, status changes, cancels and
 * reviews. Each check is a query counting the rows it looked at and the rows that break it.
 */
const CHECKS: { name: string; query: SQL }[] = [
  {
    name: "each service's bookings_count equals its live (not cancelled) bookings",
    query: sql`SELECT count(*)::int AS rows, count(*) FILTER (WHERE s.bookings_count <> (
      SELECT count(*) FROM bookings b WHERE b.service_id = s.id AND b.cancelled_at IS NULL))::int AS violations FROM services s`,
  },
  {
    name: "each service's review_count and rating_total equal its reviews",
    query: sql`SELECT count(*)::int AS rows, count(*) FILTER (WHERE
      s.review_count <> (SELECT count(*) FROM reviews r WHERE r.service_id = s.id)
      OR s.rating_total <> (SELECT coalesce(sum(r.rating), 0) FROM reviews r WHERE r.service_id = s.id))::int AS violations FROM services s`,
  },
  {
    name: "each service's rating_avg is its rating_total over review_count",
    query: sql`SELECT count(*)::int AS rows, count(*) FILTER (WHERE
      (s.review_count = 0 AND s.rating_avg IS NOT NULL)
      OR (s.review_count > 0 AND abs(s.rating_avg - s.rating_total::numeric / s.review_count) > 0.005))::int AS violations FROM services s`,
  },
  {
    name: 'no review without a completed, live booking of the same customer, service and provider',
    query: sql`SELECT count(*)::int AS rows, count(*) FILTER (WHERE b.id IS NULL OR b.status <> 'completed' OR b.cancelled_at IS NOT NULL
      OR b.customer_id <> r.customer_id OR b.service_id <> r.service_id OR b.provider_id <> r.provider_id)::int AS violations
      FROM reviews r LEFT JOIN bookings b ON b.id = r.booking_id`,
  },
  {
    name: 'at most one review per booking',
    query: sql`SELECT (SELECT count(DISTINCT booking_id) FROM reviews)::int AS rows,
      (SELECT count(*) FROM (SELECT booking_id FROM reviews GROUP BY booking_id HAVING count(*) > 1) d)::int AS violations`,
  },
  {
    name: 'status is pending, working or completed',
    query: sql`SELECT count(*)::int AS rows, count(*) FILTER (WHERE status NOT IN ('pending', 'working', 'completed'))::int AS violations FROM bookings`,
  },
  {
    name: 'completed bookings have started_at and completed_at, in order; others no completed_at',
    query: sql`SELECT count(*)::int AS rows, count(*) FILTER (WHERE
      (status = 'completed' AND (started_at IS NULL OR completed_at IS NULL OR completed_at < started_at))
      OR (status <> 'completed' AND completed_at IS NOT NULL))::int AS violations FROM bookings`,
  },
  {
    name: 'working bookings have started_at; nothing starts before it is booked',
    query: sql`SELECT count(*)::int AS rows, count(*) FILTER (WHERE (status = 'working' AND started_at IS NULL)
      OR started_at < booked_at)::int AS violations FROM bookings`,
  },
  {
    name: 'a cancelled booking was pending and never started (not cancelled and completed, not cancelled after work began)',
    query: sql`SELECT count(*)::int AS rows, count(*) FILTER (WHERE status <> 'pending' OR started_at IS NOT NULL
      OR completed_at IS NOT NULL)::int AS violations FROM bookings WHERE cancelled_at IS NOT NULL`,
  },
  {
    name: "a booking's provider, price and name are its service's, and nobody booked their own service",
    query: sql`SELECT count(*)::int AS rows, count(*) FILTER (WHERE b.provider_id <> s.provider_id OR b.price <> s.service_price
      OR b.service_name <> s.service_name OR b.customer_id = b.provider_id)::int AS violations
      FROM bookings b JOIN services s ON s.id = b.service_id`,
  },
  {
    name: 'counters are never negative',
    query: sql`SELECT count(*)::int AS rows, count(*) FILTER (WHERE bookings_count < 0 OR review_count < 0 OR rating_total < 0)::int AS violations FROM services`,
  },
];

export async function checkInvariants(db: Db): Promise<InvariantResult[]> {
  const out: InvariantResult[] = [];
  for (const check of CHECKS) {
    const [row] = await queryRows<{ rows: number; violations: number }>(db, check.query);
    out.push({ name: check.name, rows: row!.rows, violations: row!.violations });
  }
  return out;
}
