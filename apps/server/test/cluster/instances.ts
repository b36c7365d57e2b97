import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { connectPostgres, type Database } from '../../src/db/client';
import { loadConfig } from '../../src/env';
import { EMULATOR_HOST } from '../../src/tooling/emulator';
import { freshDatabase } from '../helpers';
import { TEST_PROJECT_ID } from '../identity';
import { clusterServerUrl } from './cluster-env';

export const REDIS_URL = 'redis://127.0.0.1:6379/0';

export interface Instances {
  apps: FastifyInstance[];
  url: string;
  close(): Promise<void>;
}

/**
 * `count` app instances in this process on one fresh database of the PostgreSQL server, as
 * separate servers would be (each its own pool, caches, rate limiter and Redis connections), with
 * the caches on as shipped and a Redis key prefix of their own.
 */
export async function startInstances(count: number, env: Record<string, string> = {}): Promise<Instances> {
  const fresh = await freshDatabase(clusterServerUrl(), 2);
  await fresh.database.close();
  const prefix = `meramot-test-${randomUUID().slice(0, 8)}:`;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: fresh.url,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'never',
    REDIS_URL,
    REDIS_PREFIX: prefix,
    RATE_LIMIT_MAX: '0',
    // Ready as soon as the index is built (the warm-up has its own tests).
    SEARCH_INDEX_WARM_UP_REQUESTS: '0',
    // Built from the database each time (the snapshot has its own tests).
    SEARCH_INDEX_SNAPSHOT: 'off',
    ...env,
  });
  const databases: Database[] = [];
  const apps: FastifyInstance[] = [];
  for (let i = 0; i < count; i++) {
    const database = connectPostgres({ databaseUrl: fresh.url!, poolSize: 4 });
    databases.push(database);
    const app = await buildApp(config, database);
    await app.ready();
    apps.push(app);
  }
  return {
    apps,
    url: fresh.url!,
    close: async () => {
      for (const app of apps) await app.close();
      for (const database of databases) await database.close();
      await fresh.drop();
    },
  };
}

/** Milliseconds until `check` holds (polled every 10 ms), or throws after `limitMs`. */
export async function timeUntil(check: () => Promise<boolean>, limitMs = 3000): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    if (await check()) return performance.now() - started;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`not within ${limitMs} ms`);
}
