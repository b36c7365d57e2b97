import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { BookingsConfig } from '../env';
import { expireBookings } from '../routes/bookings/booking-flow.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Marks the pending bookings past their expiry now (the timer does it every BOOKING_EXPIRY_SWEEP_MS). */
    expireBookings(): Promise<number>;
  }
}

/**
 * The sweep that marks pending bookings nobody answered within BOOKING_EXPIRY_HOURS as expired
 * and tells their customers. Lists and answers treat such a booking as expired from the moment
 * it is due (bookingState), so the sweep only writes the mark and the notification; every
 * instance runs it, and SKIP LOCKED keeps two from marking the same booking.
 */
export const bookingExpiryPlugin = fp(async (app: FastifyInstance, config: BookingsConfig) => {
  const sweep = async () => {
    let total = 0;
    for (;;) {
      const marked = await expireBookings(app.db);
      total += marked;
      if (marked < 200) return total;
    }
  };
  app.decorate('expireBookings', sweep);
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweep()
      .then((n) => n > 0 && app.log.info({ expired: n }, 'pending bookings expired'))
      .catch((err: Error) => app.log.warn({ err: err.message }, 'could not expire pending bookings'))
      .finally(() => (running = false));
  }, config.expirySweepMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
});
