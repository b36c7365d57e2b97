import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema, platformStatsSchema } from '@meramot/shared';
import { sql } from 'drizzle-orm';
import { platformStats } from './stats.service';

export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stats',
    {
      schema: {
        tags: ['stats'],
        summary: 'Platform figures (services, providers, jobs done, customers, reviews)',
        response: { 200: platformStatsSchema },
      },
      config: { responseCache: true },
    },
    () => app.aggregates.get('stats:platform', () => platformStats(app.db)),
  );

  app.get(
    '/health',
    {
      schema: { tags: ['health'], summary: 'Answers 200 once the database answers', response: { 200: healthSchema } },
      config: { rateLimit: false },
    },
    async () => {
      await app.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: 'ok' as const };
    },
  );
};
