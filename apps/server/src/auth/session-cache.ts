import { LRUCache } from 'lru-cache';
import type { UserRow } from './users';

/**
 * Open sessions seen recently, so a signed-in call skips the session lookup for `ttlSeconds`
 * (0: every call reads the database). Entries are dropped at once when the session ends or its
 * user changes in this process (the app's invalidation calls `dropSession` and `dropUser`);
 * another server notices within `ttlSeconds`.
 */
export interface SessionCache {
  get(sessionId: string): UserRow | undefined;
  set(sessionId: string, user: UserRow): void;
  dropSession(sessionId: string): void;
  /** Drops every cached session of the user (a profile change, a new sign-in refreshing the row). */
  dropUser(userId: string): void;
  clear(): void;
}

/** `enabled` is asked on every use: false reads every session afresh (an instance cut off from the others' logouts). */
export function createSessionCache(
  ttlSeconds: number,
  max = 10_000,
  enabled: () => boolean = () => true,
): SessionCache {
  if (ttlSeconds <= 0) {
    return { get: () => undefined, set: () => {}, dropSession: () => {}, dropUser: () => {}, clear: () => {} };
  }
  const cache = new LRUCache<string, UserRow>({ max, ttl: ttlSeconds * 1000 });
  return {
    get: (sessionId) => (enabled() ? cache.get(sessionId) : undefined),
    set: (sessionId, user) => void (enabled() && cache.set(sessionId, user)),
    clear: () => cache.clear(),
    dropSession: (sessionId) => void cache.delete(sessionId),
    dropUser(userId) {
      for (const [sessionId, user] of cache.entries()) if (user.id === userId) cache.delete(sessionId);
    },
  };
}
