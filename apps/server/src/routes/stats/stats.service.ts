import { isNull, sql } from 'drizzle-orm';
import type { PlatformStats } from '@meramot/shared';
import type { Db } from '../../db/client';
import { bookings, reviews, services, users } from '../../db/schema';
import { isPublic } from '../../db/service-row';

/** Platform figures for the home page, every one counted from the database. */
export async function platformStats(db: Db): Promise<PlatformStats> {
  const [s] = await db
    .select({
      totalServices: sql<number>`count(*)::int`,
      totalProviders: sql<number>`count(DISTINCT ${services.providerId})::int`,
      totalAreas: sql<number>`count(DISTINCT ${services.serviceArea})::int`,
    })
    .from(services)
    .where(isPublic);
  const [b] = await db
    .select({
      totalBookings: sql<number>`count(*)::int`,
      completedJobs: sql<number>`(count(*) FILTER (WHERE ${bookings.status} = 'completed'))::int`,
      totalCustomers: sql<number>`count(DISTINCT ${bookings.customerId})::int`,
    })
    .from(bookings)
    .where(isNull(bookings.cancelledAt));
  const [u] = await db.select({ totalUsers: sql<number>`count(*)::int` }).from(users);
  const [r] = await db
    .select({ totalReviews: sql<number>`count(*)::int`, avg: sql<string | null>`round(avg(${reviews.rating}), 1)` })
    .from(reviews);
  return {
    ...s!,
    ...b!,
    totalUsers: u!.totalUsers,
    totalReviews: r!.totalReviews,
    averageRating: r!.avg == null ? null : Number(r!.avg),
  };
}
