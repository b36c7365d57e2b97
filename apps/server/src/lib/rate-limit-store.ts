import { createRequire } from 'node:module';
import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

/** The two stores @fastify/rate-limit ships (plain CommonJS without types): counts in Redis, or in this process. */
interface Store {
  incr(
    key: string,
    cb: (err: Error | null, result: { current: number; ttl: number } | null) => void,
    timeWindow: number,
    max: number,
  ): void;
  child(routeOptions: unknown): Store;
}
type StoreClass<A extends unknown[]> = new (...args: A) => Store;

const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as StoreClass<[boolean, boolean, Redis, string]>;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as StoreClass<[boolean, boolean, number]>;

function fallback(shared: Store, local: Store, redis: Redis): Store {
  return {
    incr(key, cb, timeWindow, max) {
      // Connected: one budget for every instance (an atomic INCR in Redis); cut off, or when a
      // command fails: this instance's own count, so the limit still holds per instance.
      if (redis.status !== 'ready') return local.incr(key, cb, timeWindow, max);
      shared.incr(
        key,
        (err, result) => (err ? local.incr(key, cb, timeWindow, max) : cb(null, result)),
        timeWindow,
        max,
      );
    },
    child: (routeOptions) => fallback(shared.child(routeOptions), local.child(routeOptions), redis),
  };
}

/**
 * The rate limiter's `store` option with REDIS_URL set: @fastify/rate-limit's RedisStore while
 * Redis answers, its LocalStore while it does not. `new Store(globalParams)` is how the plugin
 * creates it.
 */
export function sharedRateLimitStore(redis: Redis, prefix: string): NonNullable<RateLimitPluginOptions['store']> {
  return function SharedStore(params: { continueExceeding: boolean; exponentialBackoff: boolean }): Store {
    return fallback(
      new RedisStore(params.continueExceeding, params.exponentialBackoff, redis, `${prefix}rate-limit:`),
      new LocalStore(params.continueExceeding, params.exponentialBackoff, 5000),
      redis,
    );
  } as unknown as NonNullable<RateLimitPluginOptions['store']>;
}
