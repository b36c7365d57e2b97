import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { openDatabase, type Database } from './db/client';
import { seedDemoIfEmpty } from './db/demo';
import { loadConfig } from './env';

let app: FastifyInstance | null = null;
let database: Database | null = null;
let closing = false;

/** Closes whatever is open, also when the stop comes during start-up (the embedded database is closed cleanly). */
async function close(signal: string) {
  if (closing) return;
  closing = true;
  if (app) app.log.info(`${signal}: closing`);
  await app?.close().catch(() => undefined);
  await database?.close().catch(() => undefined);
  process.exit(0);
}
process.on('SIGINT', () => void close('SIGINT'));
process.on('SIGTERM', () => void close('SIGTERM'));

/** Starts Meramot: open the database (migrations run), seed demo data once, listen. */
async function main() {
  const config = loadConfig();
  database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
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
