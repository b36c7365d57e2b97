/**
 * `npm run seed`: puts the demo marketplace into an empty database (DATABASE_URL, or PGlite under
 * DATA_DIR) and, with FIREBASE_AUTH_EMULATOR_HOST set, creates the demo accounts. A database that
 * already holds services is left alone. Stop the server first when it uses the embedded PGlite:
 * only one process may open its data directory.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../env';
import { openDatabase } from './client';
import { DEMO_LOGINS, DEMO_PASSWORD } from './demo-data';
import { hasServices, seedDemo, type DemoLogger } from './demo';

const USAGE = `Usage: npm run seed [-- --help]

Seeds the demo services, bookings, reviews and accounts into an empty database.`;

const consoleLog: DemoLogger = {
  info: (msg) => console.log(msg),
  warn: (msg) => console.warn(msg),
};

function printLogins(): void {
  console.log(`\nDemo logins (password ${DEMO_PASSWORD} for all):`);
  for (const login of DEMO_LOGINS) console.log(`  ${login.email.padEnd(24)} ${login.name.padEnd(18)} ${login.role}`);
}

async function seedDemoCommand(): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
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
  } finally {
    await database.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Bulk seeding (`--services N`, many generated services for load tests) will be added here as a
// second command beside seedDemoCommand; it is not built yet.
// ---------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { help: { type: 'boolean', short: 'h' } }, strict: true });
  if (values.help) {
    console.log(USAGE);
    return 0;
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
