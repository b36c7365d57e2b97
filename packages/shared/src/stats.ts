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

/** `ok` answered, `down` did not, `off` not configured (no replica, no Redis). */
export const dependencyStateSchema = z.enum(['ok', 'down', 'off']);

/** GET /api/ready: 200 `ready` while the instance should get traffic; 503 `draining` (stopping) or `unavailable` (no database). */
export const readinessSchema = z
  .object({
    status: z.enum(['ready', 'draining', 'unavailable']),
    database: dependencyStateSchema,
    replica: dependencyStateSchema,
    redis: dependencyStateSchema,
  })
  .meta({ id: 'Readiness' });
export type Readiness = z.infer<typeof readinessSchema>;
