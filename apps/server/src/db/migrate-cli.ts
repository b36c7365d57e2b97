/**
 * `npm run migrate`: the release step. Applies the committed migrations to DATABASE_URL (or the
 * embedded database under DATA_DIR) under the advisory lock and exits, so instances started with
 * MIGRATE_ON_START=false never change the schema themselves. Safe to run while instances serve
 * and from several machines at once: the later runs wait for the lock and find nothing to do.
 */
import { loadConfig } from '../env';
import { openDatabase } from './client';

async function main(): Promise<void> {
  const config = loadConfig();
  const started = Date.now();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    ...config.database,
    poolSize: 1,
    migrate: true,
  });
  await database.close();
  const where = config.databaseUrl
    ? new URL(config.databaseUrl).host + new URL(config.databaseUrl).pathname
    : config.dataDir;
  console.log(`Migrations applied to ${where} in ${Date.now() - started} ms.`);
}

main().catch((err: unknown) => {
  console.error(`Migrations failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
