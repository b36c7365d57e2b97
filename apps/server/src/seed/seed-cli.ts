/**
 * `npm run seed`: puts the demo marketplace into an empty database (DATABASE_URL, or PGlite under
 * DATA_DIR) and, with FIREBASE_AUTH_EMULATOR_HOST set, creates the demo accounts. A database that
 * already holds services is left alone. Stop the server first when it uses the embedded PGlite:
 * only one process may open its data directory.
 */
import { parseArgs } from 'node:util';
import { loadConfig, type Config } from '../env';
import { openDatabase, type Database } from '../db/client';
import { DEMO_LOGINS, DEMO_PASSWORD } from './demo-data';
import { hasServices, seedDemo, type DemoLogger } from './demo';
import { seedBulk } from './bulk-seed';

const USAGE = `Usage: npm run seed [-- --services N] [-- --help]

Without options: seeds the demo services, bookings, reviews and accounts into an empty database.
--services N: tops the database up to N services (e.g. 100000 or 1000000) with generated
              providers, customers, bookings in every status and reviews, for load tests.`;

const consoleLog: DemoLogger = {
  info: (msg) => console.log(msg),
  warn: (msg) => console.warn(msg),
};

function printLogins(): void {
  console.log(`\nDemo logins (password ${DEMO_PASSWORD} for all):`);
  for (const login of DEMO_LOGINS) console.log(`  ${login.email.padEnd(24)} ${login.name.padEnd(18)} ${login.role}`);
}

/** Runs a command on the configured database (DATABASE_URL, or PGlite under DATA_DIR), closing it after. */
async function withDatabase(command: (database: Database, config: Config) => Promise<number>): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    return await command(database, config);
  } finally {
    await database.close();
  }
}

const seedDemoCommand = () =>
  withDatabase(async (database, config) => {
    if (await hasServices(database.db)) {
      console.log(
        'The database already holds services, so no demo data was added (demo data goes only into an empty database).',
      );
      return 0;
    }
    const summary = await seedDemo(database.db, config, consoleLog);
    if (!summary) {
      console.log('Another process seeded the database meanwhile; nothing was added.');
      return 0;
    }
    if (summary.accounts) printLogins();
    return 0;
  });

const seedBulkCommand = (target: number) =>
  withDatabase(async (database, config) => {
    console.log(
      `Filling ${config.databaseUrl ? 'the database at DATABASE_URL' : `the embedded database in ${config.dataDir}`} up to ${target.toLocaleString('en')} services...`,
    );
    const s = await seedBulk(database.db, target, (msg) => console.log(msg));
    if (s.added === 0)
      console.log(`The database already holds ${s.total.toLocaleString('en')} services; nothing was added.`);
    console.log(
      `Done in ${s.seconds} s: ${s.total.toLocaleString('en')} services, ${s.bookings.toLocaleString('en')} bookings, ${s.reviews.toLocaleString('en')} reviews.`,
    );
    return 0;
  });

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { help: { type: 'boolean', short: 'h' }, services: { type: 'string' } },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (values.services !== undefined) {
    const target = Number(values.services.replace(/[_,]/g, ''));
    if (!Number.isInteger(target) || target < 1 || target > 10_000_000) {
      console.error(`--services must be a whole number from 1 to 10,000,000, not "${values.services}".\n\n${USAGE}`);
      return 2;
    }
    return seedBulkCommand(target);
  }
  return seedDemoCommand();
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
