import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { redisOptions } from '../lib/redis-options';
import type { Config } from '../env';
import type { Change } from './invalidation';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Redis connection for commands (the rate limiter's store), or null without REDIS_URL. */
    redis: Redis | null;
  }
}

/** How long a start waits for Redis before serving without it (it keeps trying in the background). */
const FIRST_CONNECT_MS = 3000;

/**
 * State shared between instances when REDIS_URL is set: the rate limiter's counts (security.ts
 * uses `app.redis`) and one pub/sub channel on which every change published through
 * `app.invalidation` (each successful write, each logout) is sent, tagged with this instance's id;
 * changes heard from the other instances are applied here at once, this instance's own echo is
 * ignored. While either connection is down the caches read through (a change made elsewhere could
 * be missed) and the limits count per instance; on reconnection everything cached is dropped and
 * the caches resume. Both states are logged, and /api/ready reports `redis: down`.
 */
export const sharedStatePlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const { redisUrl, redisPrefix } = opts.config;
  if (!redisUrl) {
    app.decorate('redis', null);
    return;
  }
  const instance = randomUUID();
  const channel = `${redisPrefix}changes`;
  const commands = new Redis(redisUrl, redisOptions);
  // A subscribed connection may only subscribe: the second one carries the channel.
  const listener = new Redis(redisUrl, { ...redisOptions, enableOfflineQueue: true });
  app.decorate('redis', commands);

  let connected = false;
  const update = () => {
    const now = commands.status === 'ready' && listener.status === 'ready';
    if (now === connected) return;
    connected = now;
    // Either way the caches may hold what another instance changed meanwhile: drop it all.
    app.invalidation.apply({ resources: [], everything: true });
    app.invalidation.cachesEnabled = now;
    if (now) app.log.info('Redis connected: rate limits shared by every instance, caches on and kept in step');
    else app.log.warn('Redis unreachable: rate limits count per instance and caches are off until it reconnects');
  };
  for (const client of [commands, listener]) {
    for (const event of ['ready', 'close', 'end', 'reconnecting']) client.on(event, update);
    // ioredis reports every failed attempt as `error`; the state changes above are what is logged.
    client.on('error', () => undefined);
  }
  app.invalidation.cachesEnabled = false;

  listener.on('message', (_channel: string, message: string) => {
    let parsed: { from?: string; change?: Change };
    try {
      parsed = JSON.parse(message) as typeof parsed;
    } catch {
      return;
    }
    if (parsed.from === instance || !parsed.change || !Array.isArray(parsed.change.resources)) return;
    app.invalidation.apply(parsed.change);
  });
  app.invalidation.connect((change) => {
    if (commands.status !== 'ready') return;
    commands.publish(channel, JSON.stringify({ from: instance, change })).catch(() => undefined);
  });
  app.readiness.addCheck('redis', async () => ((await commands.ping()) === 'PONG' ? 'ok' : 'down'));

  const firstConnect = Promise.all([commands.connect(), listener.connect().then(() => listener.subscribe(channel))]);
  await Promise.race([
    firstConnect.catch(() => undefined),
    new Promise((r) => setTimeout(r, FIRST_CONNECT_MS).unref()),
  ]);
  update();
  if (!connected)
    app.log.warn(`Redis at ${new URL(redisUrl).host} did not answer at start; serving without it and retrying`);

  app.addHook('onClose', async () => {
    commands.disconnect();
    listener.disconnect();
  });
});
