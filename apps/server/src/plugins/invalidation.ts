import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * What a write changed, for the caches that hold figures made from it:
 * - `services`: a service was listed, changed, paused or deleted (lists, areas, categories, search counts);
 * - `bookings`: a booking was made, cancelled or moved on (its service's booking count with it);
 * - `reviews`: a review was written (its service's rating with it);
 * - `users`: a person's row changed (a sign-in refreshing it, a profile change);
 * - `sessions`: a session ended (logout).
 */
export type Resource = 'services' | 'bookings' | 'reviews' | 'users' | 'sessions';

export interface Change {
  resources: readonly Resource[];
  /** The person the change was made by or about (their cached sessions go with a `users` change). */
  userId?: string;
  /** The session a `sessions` change ended. */
  sessionId?: string;
  /** The person's Firebase uid (a logout: other instances forget their revocation time and read it again). */
  firebaseUid?: string;
  /** Drop everything cached (an instance that was cut off from the others may have missed changes). */
  everything?: boolean;
}

export interface WriteRoute {
  method: string;
  url: string;
  changes: readonly Resource[];
}

/**
 * The one place every change goes through. `publish` tells every cache of this process at once
 * (the micro-cache of public answers, the aggregate counts, the session cache). A cache subscribes
 * when its plugin is registered. Several instances plug in here (plugins/shared-state.ts, Redis
 * pub/sub): `publish` then also sends the change on the channel, and changes heard on it from the
 * other instances are handed to `apply`.
 */
export interface Invalidation {
  publish(change: Change): void;
  /** Tells this process's caches, without sending the change anywhere else. */
  apply(change: Change): void;
  subscribe(listener: (change: Change) => void): void;
  /** From now on `publish` also hands every change to `send` (the channel to the other instances). */
  connect(send: (change: Change) => void): void;
  /**
   * Whether caches may keep anything. False while an instance that shares a channel is cut off
   * from it (it would not hear the others' changes): every cache then reads through.
   */
  cachesEnabled: boolean;
  /** Every write route with the resources it declares (the test that enumerates them reads it). */
  readonly writeRoutes: readonly WriteRoute[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required on every POST, PUT, PATCH and DELETE route: what a successful answer changed ([] for nothing cached). */
    changes?: readonly Resource[];
  }
  interface FastifyInstance {
    invalidation: Invalidation;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const isWrite = (method: string) => !READS.has(method.toUpperCase());

/**
 * Registered before every route: a write route that does not declare `config.changes` stops the
 * app from starting, and every successful write answer publishes its change before it leaves, so
 * this process never answers from before its own writes.
 */
export const invalidationPlugin = fp(async (app: FastifyInstance) => {
  const listeners: ((change: Change) => void)[] = [];
  const writeRoutes: WriteRoute[] = [];
  const apply = (change: Change) => {
    for (const listener of listeners) listener(change);
  };
  let send: ((change: Change) => void) | null = null;
  app.decorate('invalidation', {
    publish(change) {
      apply(change);
      send?.(change);
    },
    apply,
    subscribe: (listener) => void listeners.push(listener),
    connect: (channel) => void (send = channel),
    cachesEnabled: true,
    writeRoutes,
  } satisfies Invalidation);

  app.addHook('onRoute', (route) => {
    const methods = ([] as string[]).concat(route.method).filter(isWrite);
    if (!methods.length) return;
    const changes = route.config?.changes;
    if (!changes) {
      throw new Error(
        `${methods.join(',')} ${route.url} must declare config.changes (the resources a successful answer changes, [] for none).`,
      );
    }
    for (const method of methods) writeRoutes.push({ method, url: route.url, changes });
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const resources = request.routeOptions.config.changes;
    if (resources?.length && isWrite(request.method) && reply.statusCode < 400) {
      app.invalidation.publish({
        resources,
        userId: request.user?.id,
        sessionId: request.user?.sessionId ?? undefined,
        firebaseUid: resources.includes('sessions') ? request.user?.firebaseUid : undefined,
      });
    }
    return payload;
  });
});
