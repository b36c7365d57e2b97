// `npm test`: type checks, lint, the server suites on embedded PGlite and, when TEST_DATABASE_URL
// is set, again on that PostgreSQL server; the web component tests; the browser journeys
// (Playwright, system Chromium) and the home page size check. One Auth Emulator serves every run.
import { importTs, run } from './lib.mjs';

const steps = [];
async function step(name, command, args, env = {}) {
  const t0 = Date.now();
  console.log(`\n=== ${name}`);
  const code = await run(command, args, { env: { ...process.env, ...env } });
  steps.push({ name, ok: code === 0, seconds: (Date.now() - t0) / 1000 });
  return code === 0;
}

const { ensureEmulator, stopEmulator, EMULATOR_HOST } = await importTs('apps/server/test/emulator.ts');
const emulator = await ensureEmulator();
const env = { FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST };

try {
  await step('type check', 'npm', ['run', 'typecheck']);
  await step('lint', 'npm', ['run', 'lint']);
  await step('server tests on PGlite', 'npx', ['vitest', 'run', '--root', 'apps/server'], { ...env, TEST_DATABASE_URL: '' });
  if (process.env.TEST_DATABASE_URL) {
    await step(`server tests on PostgreSQL (${process.env.TEST_DATABASE_URL})`, 'npx', ['vitest', 'run', '--root', 'apps/server'], env);
  } else {
    console.log('\nTEST_DATABASE_URL is not set: the PostgreSQL server run is skipped (PGlite run done).');
  }
  await step('web component tests', 'npx', ['vitest', 'run', '--root', 'apps/web']);
  await step('end-to-end journeys (Playwright, Chromium)', 'npm', ['test', '-w', 'e2e'], env);
} finally {
  await stopEmulator(emulator);
}

console.log('\n=== summary');
for (const s of steps) console.log(`${s.ok ? 'ok  ' : 'FAIL'} ${s.name} (${s.seconds.toFixed(1)} s)`);
const failed = steps.filter((s) => !s.ok).length;
process.exit(failed ? 1 : 0);
