import { buildApp } from './app';
import { openDatabase } from './db/client';
import { seedDemoIfEmpty } from './db/demo';
import { loadConfig } from './env';

/** Starts Meramot: open the database (migrations run), seed demo data once, listen, close cleanly. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const app = await buildApp(config, database);
  if (config.seedDemo === 'auto') await seedDemoIfEmpty(database.db, config, app.log);
  await app.listen({ port: config.port, host: config.host });

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
