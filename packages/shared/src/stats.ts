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

/**
 * The in-memory search index of this instance: `ok` built and warm; `starting` still building or
 * warming; `late` not ready within SEARCH_INDEX_READY_SECONDS (the database answers searches
 * meanwhile); `off` turned off.
 */
export const searchIndexStateSchema = z.enum(['ok', 'starting', 'late', 'off']);

/**
 * GET /api/ready: 200 `ready` while the instance should get traffic; 503 `starting` (its search
 * index is not built yet), `draining` (stopping) or `unavailable` (no database).
 */
export const readinessSchema = z
  .object({
    status: z.enum(['ready', 'starting', 'draining', 'unavailable']),
    database: dependencyStateSchema,
    replica: dependencyStateSchema,
    redis: dependencyStateSchema,
    search: searchIndexStateSchema,
  })
  .meta({ id: 'Readiness' });
export type Readiness = z.infer<typeof readinessSchema>;
