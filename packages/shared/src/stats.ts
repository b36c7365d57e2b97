import { z } from 'zod';

/** `GET /api/stats`: platform figures, all counted from the database. */
export const platformStatsSchema = z
  .object({
    totalServices: z.number().int(),
    totalProviders: z.number().int(),
    totalAreas: z.number().int(),
    totalBookings: z.number().int(),
    completedJobs: z.number().int(),
    totalCustomers: z.number().int(),
    totalUsers: z.number().int(),
    totalReviews: z.number().int(),
    averageRating: z.number().nullable(),
  })
  .meta({ id: 'PlatformStats' });
export type PlatformStats = z.infer<typeof platformStatsSchema>;

export const healthSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') }).meta({ id: 'Health' });
