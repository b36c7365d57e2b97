/**
 * `npm run fuzz`: the full fuzz (12,000 requests by default) from the OpenAPI document through
 * `app.inject`, then the raw-socket pass, against a fresh database and the Auth Emulator (started
 * unless one answers). Prints the totals by status; exits 1 on any failure.
 *
 *   npm run fuzz -- [--requests 12000] [--seed N] [--only INDEX]
 */
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { ensureEmulator, stopEmulator } from '../../src/tooling/emulator';
import { createTestApp } from '../helpers';
import { formatReport, fuzzFixtures, runFuzz } from './run-fuzz';
import { socketPass } from './socket-pass';

const { values } = parseArgs({
  options: { requests: { type: 'string', default: '12000' }, seed: { type: 'string' }, only: { type: 'string' } },
});
const total = Number(values.requests);
const seed = values.seed ? Number(values.seed) : Date.now() % 2_147_483_647;
const only = values.only === undefined ? undefined : Number(values.only);

// Should the event loop run dry before the report (an answer that never comes), exit 1, not 0.
let finished = false;
process.exitCode = 1;
process.on('exit', () => {
  if (!finished) console.error('fuzz: ended before its report');
});

const emulator = await ensureEmulator();
const t = await createTestApp();
let failed = 0;
try {
  const report = await runFuzz(t.app, { total, seed, only, fixtures: await fuzzFixtures(t.app) });
  console.log(formatReport(report, 'npm run fuzz --'));
  failed += report.failures.length;
  if (only === undefined) {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const results = await socketPass((t.app.server.address() as AddressInfo).port);
    console.log(`socket pass: ${results.length} raw requests`);
    for (const r of results)
      console.log(`  ${r.problem ? 'FAIL' : 'ok  '} ${r.label} → ${r.status}${r.problem ? `: ${r.problem}` : ''}`);
    failed += results.filter((r) => r.problem).length;
  }
} finally {
  await t.close();
  await stopEmulator(emulator);
}
console.log(failed ? `fuzz: ${failed} kinds of failure` : 'fuzz: no failure');
finished = true;
process.exit(failed ? 1 : 0);
