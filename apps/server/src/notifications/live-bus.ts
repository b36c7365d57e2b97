import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { redisOptions } from '../lib/redis-options';
import type { LiveEventType } from '@meramot/shared';

/** One event for one person's open streams, wherever they are connected. */
export interface LiveEnvelope {
  userId: string;
  type: LiveEventType;
  data: unknown;
  /** The SSE id (notifications only): a reconnect resumes after it. */
  id?: string;
}

type Listener = (event: LiveEnvelope) => void;

/**
 * How live events reach the instance holding a person's stream: in this process only, or through
 * Redis pub/sub (REDIS_URL) to every instance. `live` is false while Redis is unreachable: events
 * then reach only this instance's streams, and the streams tell their tabs to refresh every 30 s.
 */
export interface LiveBus {
  publish(event: LiveEnvelope): void;
  subscribe(userId: string, listener: Listener): () => void;
  readonly live: boolean;
  /** Whether a publication reaches other instances (Redis up): else only this instance's streams. */
  readonly shared: boolean;
  onMode(listener: (live: boolean) => void): () => void;
  /** Streams open on this instance. */
  readonly listeners: number;
  close(): Promise<void>;
}

function localFanout() {
  const byUser = new Map<string, Set<Listener>>();
  let count = 0;
  return {
    dispatch(event: LiveEnvelope) {
      for (const l of byUser.get(event.userId) ?? []) l(event);
    },
    subscribe(userId: string, listener: Listener) {
      let set = byUser.get(userId);
      if (!set) byUser.set(userId, (set = new Set()));
      set.add(listener);
      count += 1;
      return () => {
        if (!set.delete(listener)) return;
        count -= 1;
        if (set.size === 0) byUser.delete(userId);
      };
    },
    get count() {
      return count;
    },
  };
}

/** Every event stays in this process (one instance, no Redis). */
export function createLocalBus(): LiveBus {
  const fanout = localFanout();
  return {
    publish: (event) => fanout.dispatch(event),
    subscribe: fanout.subscribe,
    live: true,
    shared: false,
    onMode: () => () => undefined,
    get listeners() {
      return fanout.count;
    },
    close: async () => undefined,
  };
}

/**
 * Events through one Redis channel (`<prefix>live`): each instance publishes there and delivers
 * what it hears to the streams it holds, its own events included (one path for all). While Redis
 * is down, events are delivered to this instance's streams directly.
 */
export async function createRedisBus(
  url: string,
  prefix: string,
  log: { warn(msg: string): void; info(msg: string): void },
): Promise<LiveBus> {
  const channel = `${prefix}live`;
  const instance = randomUUID();
  const fanout = localFanout();
  const pub = new Redis(url, redisOptions);
  const sub = new Redis(url, { ...redisOptions, enableOfflineQueue: true });
  const modeListeners = new Set<(live: boolean) => void>();
  let live = false;
  const update = () => {
    const now = pub.status === 'ready' && sub.status === 'ready';
    if (now === live) return;
    live = now;
    if (now) log.info('Live events go through Redis to every instance');
    else
      log.warn('Redis unreachable: live events reach only the streams of this instance; the app refreshes every 30 s');
    for (const l of modeListeners) l(now);
  };
  for (const client of [pub, sub]) {
    for (const event of ['ready', 'close', 'end', 'reconnecting']) client.on(event, update);
    client.on('error', () => undefined);
  }
  sub.on('message', (_channel: string, message: string) => {
    let parsed: { from?: string; event?: LiveEnvelope };
    try {
      parsed = JSON.parse(message) as typeof parsed;
    } catch {
      return;
    }
    if (parsed.event && typeof parsed.event.userId === 'string') fanout.dispatch(parsed.event);
  });
  await Promise.race([
    Promise.all([pub.connect(), sub.connect().then(() => sub.subscribe(channel))]).catch(() => undefined),
    new Promise((r) => setTimeout(r, 3000).unref()),
  ]);
  update();
  return {
    publish(event) {
      if (live) {
        pub.publish(channel, JSON.stringify({ from: instance, event })).catch(() => fanout.dispatch(event));
      } else {
        fanout.dispatch(event);
      }
    },
    subscribe: fanout.subscribe,
    get live() {
      return live;
    },
    get shared() {
      return live;
    },
    onMode(listener) {
      modeListeners.add(listener);
      return () => modeListeners.delete(listener);
    },
    get listeners() {
      return fanout.count;
    },
    async close() {
      pub.disconnect();
      sub.disconnect();
    },
  };
}
