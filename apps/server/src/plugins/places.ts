import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { backfillPlaces } from '../places/backfill';

/** How often, at most, the backfill tells the caches and the search index (every instance) of its changes. */
const TELL_EVERY_MS = 2000;

/**
 * Once the server is ready: the services that predate districts get theirs, in batches, and the
 * place indexes are built (places/backfill.ts); nothing to do on later starts but a look at one
 * row. It runs beside the traffic and stops between two batches when the server closes.
 */
export const placesPlugin = fp(async (app: FastifyInstance) => {
  let closing = false;
  let running: Promise<unknown> = Promise.resolve();
  app.addHook('onReady', async () => {
    let told = Date.now();
    const tell = () => app.invalidation.publish({ resources: ['services'] });
    running = backfillPlaces(app.database, {
      stopped: () => closing,
      onBatch: () => {
        if (Date.now() - told < TELL_EVERY_MS) return;
        told = Date.now();
        tell();
      },
    })
      .then((filled) => {
        if (filled === 0) return;
        tell();
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
