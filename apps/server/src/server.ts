import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { openDatabase, type Database } from './db/client';
import { seedDemoIfEmpty } from './seed/demo';
import { loadConfig, type Config } from './env';

let app: FastifyInstance | null = null;
let database: Database | null = null;
let config: Config | null = null;
let closing = false;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Stops gracefully, also when the stop comes during start-up (the embedded database is closed
 * cleanly): /api/ready answers 503 for SHUTDOWN_DRAIN_MS while requests are still served, so the
 * balancer's checks take the instance out; then no new connection is accepted, in-flight requests
 * finish and every connection is closed as soon as it is idle (a keep-alive client no longer holds
 * the exit until its timeout); whatever is still open after SHUTDOWN_TIMEOUT_MS is cut.
 */
async function close(signal: string) {
  if (closing) return;
  closing = true;
  const started = Date.now();
  if (app && config) {
    app.readiness.draining = true;
    app.log.info(`${signal}: draining for ${config.shutdownDrainMs} ms, then closing`);
    await sleep(config.shutdownDrainMs);
    const server = app.server;
    const idleSweep = setInterval(() => server.closeIdleConnections(), 100);
    const deadline = setTimeout(() => {
      app?.log.warn(`${signal}: requests still open after ${config?.shutdownTimeoutMs} ms; closing their connections`);
      server.closeAllConnections();
    }, config.shutdownTimeoutMs);
    await app.close().catch(() => undefined);
    clearInterval(idleSweep);
    clearTimeout(deadline);
    app.log.info(`${signal}: closed in ${Date.now() - started} ms`);
  }
  await database?.close().catch(() => undefined);
  process.exit(0);
}
process.on('SIGINT', () => void close('SIGINT'));
process.on('SIGTERM', () => void close('SIGTERM'));

/** Starts Meramot: open the database (migrations run under a lock unless MIGRATE_ON_START=false), seed demo data once, listen. */
async function main() {
  config = loadConfig();
  database = await openDatabase({
    databaseUrl: config.databaseUrl,
    readUrl: config.databaseReadUrl,
    dataDir: config.dataDir,
    ...config.database,
    migrate: config.migrateOnStart,
    // The pool drops the lost connection and opens a new one on the next query; only the code is logged.
    onConnectionError: (err, which) =>
      app?.log.warn(
        { code: (err as NodeJS.ErrnoException).code, database: which },
        `${which === 'replica' ? 'read replica' : 'database'} connection lost; reconnecting on the next query`,
      ),
  });
  if (closing) return;
  app = await buildApp(config, database);
  if (config.seedDemo === 'auto') await seedDemoIfEmpty(database.db, config, app.log);
  if (closing) return;
  await app.listen({ port: config.port, host: config.host });
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
