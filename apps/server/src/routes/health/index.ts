import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { healthSchema, readinessSchema } from '@meramot/shared';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
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

  app.get(
    '/ready',
    {
      schema: {
        tags: ['health'],
        summary:
          'For the balancer: 200 while this instance should get requests; 503 while its search index is built, while it stops or has no database',
        description:
          'Each dependency is `ok`, `down` or `off` (not configured). A replica or Redis that is down keeps the instance ready: reads go to the primary, limits and caches stay in this process. `search` is `starting` (503) until the in-memory search index is built and warm, `late` once SEARCH_INDEX_READY_SECONDS passed without it (ready: the database answers searches), `ok` or `off`.',
        response: { 200: readinessSchema, 503: readinessSchema },
      },
      config: { rateLimit: false },
    },
    async (_request, reply) => {
      const report = await app.readiness.report();
      return reply
        .code(report.status === 'ready' ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(report);
    },
  );
};
