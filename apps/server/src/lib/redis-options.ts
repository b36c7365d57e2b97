/**
 * How every Redis connection of an instance behaves (plugins/shared-state.ts, notifications/live-bus.ts):
 * a command fails at once while disconnected (the callers fall back) instead of queueing, and the
 * connection is retried forever, every 0.2 s at first, at most every 2 s.
 */
export const redisOptions = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  lazyConnect: true,
  connectTimeout: 2000,
  retryStrategy: (attempt: number) => Math.min(attempt * 200, 2000),
};
