// `npm test`: type checks, lint, the server suites on embedded PGlite and, when TEST_DATABASE_URL
// is set, again on that PostgreSQL server (with the short forms of the fuzz and authorization-matrix
// suites); 10 s of the load-integrity suite; the database-fault suite on a PostgreSQL server of its
// own; the web component tests; one production build of the web app, for the home page size check (fails over 100 KB
// gzip) and the browser journeys (Playwright, system Chromium). One Auth Emulator serves every run.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { importTs, root, run, webBuild } from './lib.mjs';

const steps = [];
async function step(name, command, args, env = {}, cwd = root, report = () => []) {
  const t0 = Date.now();
  console.log(`\n=== ${name}`);
  const code = await run(command, args, { cwd, env: { ...process.env, ...env } });
  steps.push({ name, ok: code === 0, seconds: (Date.now() - t0) / 1000, notes: report(code === 0) });
  return code === 0;
}

/**
 * A Vitest run that also writes its results as JSON, so that the summary at the end names the
 * tests that failed (CI keeps only the end of a long log).
 */
let vitestRuns = 0;
function vitest(name, projectRoot, env = {}) {
  const report = path.join(webTmp, `vitest-${++vitestRuns}.json`);
  return step(
    name,
    'npx',
    ['vitest', 'run', '--root', projectRoot, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    env,
    root,
    (ok) => testNotes(report, ok),
  );
}

/**
 * From a Vitest JSON report: the failed tests, and the flaky ones (passed on a retry: failure
 * messages with a pass), each with its file, name and the first line of its error.
 */
function testNotes(report, ok) {
  if (!existsSync(report)) return ok ? [] : ['(no test report: the run stopped before its tests ended)'];
  const { testResults } = JSON.parse(readFileSync(report, 'utf8'));
  return testResults.flatMap((file) => {
    const where = path.relative(root, file.name);
    const failed = file.assertionResults.filter((t) => t.status === 'failed');
    const flaky = file.assertionResults.filter((t) => t.status === 'passed' && t.failureMessages?.length);
    const line = (label, t) => `${label} ${where} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`;
    if (failed.length === 0 && file.status === 'failed') return [`failed ${where}: ${firstLine(file.message)}`];
    return [...failed.map((t) => line('failed', t)), ...flaky.map((t) => line('flaky (passed on a retry)', t))];
  });
}
const firstLine = (text = '') =>
  text
    .split('\n')
    .find((line) => line.trim())
    ?.trim()
    .slice(0, 300) ?? '';

const { ensureEmulator, stopEmulator, EMULATOR_HOST } = await importTs('apps/server/src/tooling/emulator.ts');
const { postgresBinDir } = await importTs('apps/server/scripts/cluster/postgres.ts');
const emulator = await ensureEmulator();
const env = { FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST };
const webTmp = mkdtempSync(path.join(os.tmpdir(), 'meramot-test-web-'));

try {
  await step('type check', 'npm', ['run', 'typecheck']);
  await step('lint', 'npm', ['run', 'lint']);
  await vitest('server tests on PGlite', 'apps/server', { ...env, TEST_DATABASE_URL: '' });
  if (process.env.TEST_DATABASE_URL) {
    await vitest(`server tests on PostgreSQL (${process.env.TEST_DATABASE_URL})`, 'apps/server', env);
  } else {
    console.log('\nTEST_DATABASE_URL is not set: the PostgreSQL server run is skipped (PGlite run done).');
  }
  // Once, on a database of its own on the TEST_DATABASE_URL server (PGlite without one).
  await step('load integrity, 10 s (npm run soak -- --seconds 10)', 'npm', [
    'run',
    'soak',
    '--',
    '--seconds',
    '10',
    '--connections',
    '24',
  ]);
  // Starts and stops a PostgreSQL server of its own (Debian's binaries), so it runs once, not per database.
  if (postgresBinDir()) {
    await step('database faults (own PostgreSQL server stopped and restarted under load)', 'npm', [
      'run',
      'test:faults',
    ]);
  } else {
    console.log(
      '\nNo PostgreSQL server binaries under /usr/lib/postgresql: the database-fault suite (npm run test:faults) is skipped.',
    );
  }
  await vitest('web component tests', 'apps/web');
  // One production build of the web app serves the size check and the browser journeys
  // (E2E_WEB_DIST: e2e's global setup then skips its own build), pointed at the emulator as e2e's is.
  const webDist = path.join(webTmp, 'web-dist');
  const build = webBuild(webDist);
  const built = await step(
    'web production build',
    build.command,
    build.args,
    { VITE_FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST },
    build.cwd,
  );
  if (built) {
    await step('home page JavaScript size (at most 100 KB gzip)', process.execPath, [
      'scripts/check-web-size.mjs',
      '--dist',
      webDist,
      '--budget',
      // Issue 22's budget: the browser runs Preact for React (apps/web/build/preact-alias.ts).
      '100',
    ]);
  }
  await step(
    'end-to-end journeys (Playwright, Chromium)',
    'npm',
    ['test', '-w', 'e2e'],
    built ? { ...env, E2E_WEB_DIST: webDist } : env,
  );
} finally {
  await stopEmulator(emulator);
  rmSync(webTmp, { recursive: true, force: true });
}

console.log('\n=== summary');
for (const s of steps) {
  console.log(`${s.ok ? 'ok  ' : 'FAIL'} ${s.name} (${s.seconds.toFixed(1)} s)`);
  for (const note of s.notes) console.log(`       ${note}`);
}
const failed = steps.filter((s) => !s.ok).length;
process.exit(failed ? 1 : 0);
