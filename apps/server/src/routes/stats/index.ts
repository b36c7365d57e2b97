import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { platformStatsSchema } from '@meramot/shared';
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
    (request) => app.publicRead(request, (db, aggregates) => aggregates.get('stats:platform', () => platformStats(db))),
  );
};
