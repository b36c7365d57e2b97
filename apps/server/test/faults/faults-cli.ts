/**
 * `npm run test:faults`: Meramot's server in its own process on a PostgreSQL server this test starts
 * (own data folder and port; Debian's binaries, run as the `postgres` user when root), under a write
 * load; the database is stopped in the middle (`pg_ctl stop -m fast`) and started again. Checks 503
 * with Retry-After and {error} while it is down (never 500, 401 or a hang), /api/health reporting
 * it, recovery without a restart, and that every booking answered 201 exists. Prints the timeline.
 *
 *   npm run test:faults -- [--before 3] [--down 5] [--writers 8]
 */
import { parseArgs } from 'node:util';
import { postgresBinDir } from '../../scripts/cluster/postgres';
import { formatFaults, runFaults } from './run-faults';

const { values } = parseArgs({
  options: {
    before: { type: 'string', default: '3' },
    down: { type: 'string', default: '5' },
    writers: { type: 'string', default: '8' },
  },
});
const binDir = postgresBinDir();
if (!binDir) {
  console.error(
    'test:faults needs the PostgreSQL server binaries (Debian: apt-get install postgresql) under /usr/lib/postgresql.',
  );
  process.exit(1);
}
const t0 = Date.now();
const report = await runFaults({
  binDir,
  before: Number(values.before),
  down: Number(values.down),
  writers: Number(values.writers),
  log: console.log,
});
console.log(formatFaults(report));
console.log(
  `${report.problems.length ? 'test:faults: FAILED' : 'test:faults: passed'} in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
);
process.exit(report.problems.length ? 1 : 0);
