import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { openPhotoStore, type PhotoStore } from '../photos';
import { sweepUnattached } from '../routes/photos/photos.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where photo files live: S3-compatible storage (STORAGE_URL), else the disk under DATA_DIR/photos. */
    photoStore: PhotoStore;
    /** Removes the photos nobody attached within a day (the timer does it every hour). */
    sweepPhotos(): Promise<number>;
  }
}

const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** The photo store, and the hourly sweep of abandoned uploads (every instance; SKIP LOCKED keeps them apart). */
export const photosPlugin = fp(async (app: FastifyInstance, opts: { storageUrl?: string; dataDir: string }) => {
  const store = openPhotoStore(opts.storageUrl, opts.dataDir);
  app.decorate('photoStore', store);
  const sweep = async () => {
    let total = 0;
    for (;;) {
      const removed = await sweepUnattached(app.db, store);
      total += removed;
      if (removed < 200) return total;
    }
  };
  app.decorate('sweepPhotos', sweep);
  const timer = setInterval(() => {
    sweep()
      .then((n) => n > 0 && app.log.info({ removed: n }, 'abandoned photo uploads removed'))
      .catch((err: Error) => app.log.warn({ err: err.message }, 'could not sweep photo uploads'));
  }, SWEEP_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await store.close();
  });
});
