import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { backfillPlaces } from '../places/backfill';

/**
 * Once the server is ready: the services that predate districts get theirs, in batches, and the
 * place indexes are built (places/backfill.ts); nothing to do on later starts but a look at one
 * row. It runs beside the traffic and stops between two batches when the server closes.
 *
 * The batches are not announced as changes: an announced change makes every search wait until the
 * search index has read it (so a customer sees their own write), and at a million services the
 * searches waited for thousands of filled rows every two seconds (browse p50 0.4 s while it ran).
 * The index reads them in the background (its periodic read, memory/sync.ts); the caches and every
 * instance are told once, at the end.
 */
export const placesPlugin = fp(async (app: FastifyInstance) => {
  let closing = false;
  let running: Promise<unknown> = Promise.resolve();
  app.addHook('onReady', async () => {
    running = backfillPlaces(app.database, { stopped: () => closing })
      .then((filled) => {
        if (filled === 0) return;
        app.invalidation.publish({ resources: ['services'] });
        app.log.info({ filled }, 'services given a district and areas');
      })
      .catch((err: Error) => {
        if (!closing) app.log.warn({ err: err.message }, 'could not give services their districts');
      });
  });
  app.addHook('onClose', async () => {
    closing = true;
    await running;
  });
});
