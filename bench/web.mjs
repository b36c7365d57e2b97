#!/usr/bin/env node
// `npm run bench:web`: Lighthouse (mobile: its default emulation and simulated throttling) against
// the home page and All Services of a production build served by the real server.
//
// From a fresh clone it builds the web app into a temp folder, starts the server on a free port
// with a fresh DATA_DIR (embedded PGlite; the demo data is seeded at start; no Firebase emulator is
// needed for public pages), waits for /api/health, runs Lighthouse 3 times per page in the system
// Chromium (CHROME_PATH or /usr/bin/chromium), takes each page's median run, adds the home page's
// JavaScript gzip (scripts/check-web-size.mjs), prints a table with PASS/MISS per target and
// writes it to docs/performance-web.md. Exit 0 even when a target is missed (it is a report),
// non-zero when something crashed.
//
//   node bench/web.mjs [--runs 3] [--keep] [--dist DIR] [--no-write]
//     --keep      leaves the temp folder (server log, Lighthouse JSON reports) for a look
//     --dist DIR  measures an existing build instead of building one (e.g. another commit's)
//     --no-write  prints the results only, docs/performance-web.md stays as it is
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { freePort, root, SERVER_NODE_ARGS, stopProcess, waitForHealth, webBuild } from '../scripts/lib.mjs';
import { saveDoc } from './report.mjs';

const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const reportFile = path.join(root, 'docs/performance-web.md');

const args = process.argv.slice(2);
const runsArg = args.indexOf('--runs');
const RUNS = runsArg >= 0 ? Number(args[runsArg + 1]) : 3;
const KEEP = args.includes('--keep');
const WRITE = !args.includes('--no-write');
const distArg = args.indexOf('--dist');
const GIVEN_DIST = distArg >= 0 ? path.resolve(args[distArg + 1] ?? '') : null;
if (!Number.isInteger(RUNS) || RUNS < 1) {
  console.error('--runs must be a positive whole number');
  process.exit(2);
}

const PAGES = [
  { name: 'home', path: '/' },
  { name: 'services', path: '/services' },
];

/** Targets of the brief (issue 5): [label, metric key, test, shown threshold]. */
const TARGETS = [
  ['performance >= 95', 'performance', (v) => v >= 95],
  ['accessibility 100', 'accessibility', (v) => v === 100],
  ['LCP < 2.0 s', 'lcp', (v) => v < 2000],
  ['CLS < 0.05', 'cls', (v) => v < 0.05],
  ['TBT < 100 ms', 'tbt', (v) => v < 100],
];
const JS_BUDGET_KB = 100;

const log = (...parts) => console.log('[bench:web]', ...parts);

// Everything started here, stopped on exit whatever happens.
const cleanups = [];
async function cleanUp() {
  while (cleanups.length) {
    try {
      await cleanups.pop()();
    } catch (err) {
      console.error('[bench:web] clean-up:', err instanceof Error ? err.message : err);
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    await cleanUp();
    process.exit(130);
  });
}

function buildWeb(outDir) {
  const started = Date.now();
  const { command, args, cwd } = webBuild(outDir);
  const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`vite build failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
  log(`web app built into ${outDir} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** The home page's initial JavaScript (gzip KB) from scripts/check-web-size.mjs, and its report. */
function homeJs(dist) {
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'scripts/check-web-size.mjs'), '--dist', dist, '--budget', String(JS_BUDGET_KB)],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  // Exit 1 only means "over the budget given"; 2 is a real failure.
  if (result.status !== 0 && result.status !== 1)
    throw new Error(`check-web-size failed:\n${result.stdout}\n${result.stderr}`);
  const match = result.stdout.match(/^\s*([\d.]+)\s+total gzip/m);
  if (!match) throw new Error(`No total in the check-web-size output:\n${result.stdout}`);
  return { kb: Number(match[1]), report: result.stdout.trim() };
}

async function startServer(tmpDir, webDist) {
  const port = await freePort();
  const serverLog = path.join(tmpDir, 'server.log');
  const fd = openSync(serverLog, 'a');
  const env = {
    ...process.env,
    // As deployed: production mode (which needs a JWT secret and no Auth Emulator).
    NODE_ENV: 'production',
    JWT_SECRET: `bench-${Math.random().toString(36).slice(2)}-${'x'.repeat(32)}`,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(tmpDir, 'data'),
    WEB_DIST: webDist,
    SEED_DEMO: 'auto',
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  delete env.FIREBASE_AUTH_EMULATOR_HOST;
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, 'apps/server/src/server.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  cleanups.push(() => stopProcess(child, 10_000));
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  try {
    await waitForHealth(`${base}/api/health`, child);
  } catch (err) {
    throw new Error(`${err.message}\n${readFileSync(serverLog, 'utf8')}`);
  }
  log(`server on ${base} (log ${serverLog}), ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return base;
}

/** Lighthouse and the chrome-launcher it depends on (resolved from Lighthouse's own folder). */
async function loadLighthouse() {
  const lighthouseUrl = import.meta.resolve('lighthouse');
  const { default: lighthouse } = await import(lighthouseUrl);
  const { computeMedianRun } = await import(import.meta.resolve('lighthouse/core/lib/median-run.js'));
  const fromLighthouse = createRequire(fileURLToPath(lighthouseUrl));
  const chromeLauncher = await import(pathToFileURL(fromLighthouse.resolve('chrome-launcher')).href);
  return { lighthouse, computeMedianRun, chromeLauncher };
}

/** One Lighthouse run; a run whose trace failed (e.g. NO_NAVSTART, a known flake) is retried twice. */
async function runLighthouse(lighthouse, url, port) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    });
    const error = !result?.lhr ? 'no result' : result.lhr.runtimeError?.message;
    if (!error) return result;
    if (attempt >= 3) throw new Error(`Lighthouse failed on ${url}: ${error}`);
    log(`Lighthouse failed on ${url} (${error}); trying again`);
  }
}

const round = (n, digits = 0) => Number(n.toFixed(digits));

/** The figures of one Lighthouse result. */
function figures(lhr) {
  const score = (id) => round((lhr.categories[id]?.score ?? 0) * 100);
  const value = (id) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcp: value('largest-contentful-paint'),
    cls: value('cumulative-layout-shift'),
    tbt: value('total-blocking-time'),
    fcp: value('first-contentful-paint'),
    si: value('speed-index'),
  };
}

/** Audits that lost points (for the notes under the table): failed accessibility checks, opportunities. */
function findings(lhr) {
  const out = [];
  for (const ref of lhr.categories.accessibility?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (ref.weight > 0 && audit?.score !== null && audit?.score < 1) out.push(`accessibility: ${audit.title}`);
  }
  for (const ref of lhr.categories['best-practices']?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (ref.weight > 0 && audit?.score !== null && audit?.score < 1) out.push(`best practices: ${audit.title}`);
  }
  for (const audit of Object.values(lhr.audits)) {
    const savings = audit.details?.overallSavingsMs ?? audit.metricSavings?.LCP ?? 0;
    if (audit.details?.type === 'opportunity' && savings >= 50)
      out.push(`opportunity: ${audit.title} (~${Math.round(savings)} ms)`);
  }
  return out;
}

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const millis = (ms) => `${Math.round(ms)} ms`;

function table(rows, jsKb) {
  const head = ['page', 'perf', 'a11y', 'best-pr.', 'LCP', 'CLS', 'TBT', 'FCP', 'Speed Index', 'home JS gzip'];
  const body = rows.map(({ page, f }) => [
    `${page.path}`,
    String(f.performance),
    String(f.accessibility),
    String(f.bestPractices),
    seconds(f.lcp),
    f.cls.toFixed(3),
    millis(f.tbt),
    seconds(f.fcp),
    seconds(f.si),
    page.name === 'home' ? `${jsKb.toFixed(1)} KB` : '',
  ]);
  return [head, ...body];
}

function targetsOf(rows, jsKb) {
  const out = [];
  for (const { page, f } of rows) {
    for (const [label, key, ok] of TARGETS) out.push({ page: page.path, label, value: f[key], pass: ok(f[key]) });
  }
  out.push({ page: '/', label: `home JS < ${JS_BUDGET_KB} KB gzip`, value: jsKb, pass: jsKb < JS_BUDGET_KB });
  return out;
}

const shown = (t) =>
  t.label.startsWith('LCP')
    ? seconds(t.value)
    : t.label.startsWith('TBT')
      ? millis(t.value)
      : t.label.startsWith('CLS')
        ? t.value.toFixed(3)
        : t.label.startsWith('home JS')
          ? `${t.value.toFixed(1)} KB`
          : String(t.value);

function printTable(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  for (const [i, r] of rows.entries()) {
    console.log(r.map((c, j) => (j === 0 ? c.padEnd(widths[j]) : c.padStart(widths[j]))).join('  '));
    if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  }
}

function markdownTable(rows) {
  const line = (r) => `| ${r.join(' | ')} |`;
  return [line(rows[0]), line(rows[0].map(() => '---')), ...rows.slice(1).map(line)].join('\n');
}

function writeReport({ rows, targets, jsKb, chromeVersion, runs, notes, date, load }) {
  const start = '<!-- bench:web:start -->';
  const end = '<!-- bench:web:end -->';
  const cpus = os.cpus();
  const section = [
    start,
    `## Latest run: ${date}`,
    '',
    `Command: \`npm run bench:web\` (\`node bench/web.mjs\`). Lighthouse ${runs.lighthouseVersion}, mobile (default emulation,`,
    `simulated throttling), median of ${RUNS} runs per page, production build served by the real server (NODE_ENV=production,`,
    'fresh PGlite database with the demo data).',
    '',
    `Machine: ${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB memory, ${os.type()} ${os.release()}, Node ${process.version}; ${chromeVersion}.`,
    `Load average (1 min) ${load.before.toFixed(2)} before and ${load.after.toFixed(2)} after the runs; Lighthouse benchmark index of the median runs: ${rows.map(({ page, benchmarkIndex }) => `${page.path} ${Math.round(benchmarkIndex)}`).join(', ')}.`,
    'Simulated throttling multiplies the CPU time it observes by 4: on a busy machine TBT and the paint times grow, so compare runs made at a similar load.',
    '',
    markdownTable(table(rows, jsKb)),
    '',
    '| target | page | value | result |',
    '| --- | --- | --- | --- |',
    ...targets.map((t) => `| ${t.label} | ${t.page} | ${shown(t)} | ${t.pass ? 'PASS' : 'MISS'} |`),
    '',
    'Per run (performance score / LCP / TBT):',
    '',
    ...rows.map(
      ({ page, all }) =>
        `- \`${page.path}\`: ${all.map((f) => `${f.performance} / ${seconds(f.lcp)} / ${millis(f.tbt)}`).join(', ')}`,
    ),
    ...(notes.length ? ['', 'What the median runs still flag:', '', ...notes.map((n) => `- ${n}`)] : []),
    end,
  ].join('\n');

  let text = existsSync(reportFile)
    ? readFileSync(reportFile, 'utf8')
    : '# Web performance\n\nWritten by `npm run bench:web` (bench/web.mjs); the text outside the marked section is kept.\n\n';
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  text =
    from >= 0 && to > from
      ? text.slice(0, from) + section + text.slice(to + end.length)
      : `${text.trimEnd()}\n\n${section}\n`;
  mkdirSync(path.dirname(reportFile), { recursive: true });
  saveDoc(root, reportFile, text);
}

async function main() {
  if (!existsSync(chromePath)) throw new Error(`No Chromium at ${chromePath} (set CHROME_PATH).`);
  const tmpDir = mkdtempSync(path.join(os.tmpdir(), 'meramot-bench-web-'));
  if (!KEEP) cleanups.push(() => rmSync(tmpDir, { recursive: true, force: true }));
  const dist = GIVEN_DIST ?? path.join(tmpDir, 'web-dist');

  if (GIVEN_DIST) {
    if (!existsSync(path.join(dist, 'index.html'))) throw new Error(`--dist ${dist} holds no index.html`);
    log(`measuring the build in ${dist}`);
  } else {
    buildWeb(dist);
  }
  const js = homeJs(dist);
  console.log(js.report);
  const base = await startServer(tmpDir, dist);

  const loadBefore = os.loadavg()[0];
  const { lighthouse, computeMedianRun, chromeLauncher } = await loadLighthouse();
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-dev-shm-usage'],
    logLevel: 'silent',
  });
  cleanups.push(() => chrome.kill());
  const version = await fetch(`http://127.0.0.1:${chrome.port}/json/version`).then((r) => r.json());
  const chromeVersion = version.Browser ?? 'Chromium (version unknown)';

  // One warm-up load per page (first compile of the server's routes, database caches), not counted.
  for (const page of PAGES) await fetch(base + page.path).then((r) => r.text());
  await fetch(`${base}/api/services?limit=20`).then((r) => r.text());

  const rows = [];
  const notes = [];
  let lighthouseVersion = '';
  for (const page of PAGES) {
    const lhrs = [];
    for (let i = 1; i <= RUNS; i++) {
      const result = await runLighthouse(lighthouse, base + page.path, chrome.port);
      lighthouseVersion = result.lhr.lighthouseVersion;
      const f = figures(result.lhr);
      log(
        `${page.path} run ${i}/${RUNS}: performance ${f.performance}, LCP ${seconds(f.lcp)}, CLS ${f.cls.toFixed(3)}, TBT ${millis(f.tbt)}`,
      );
      lhrs.push(result.lhr);
      if (KEEP) writeFileSync(path.join(tmpDir, `lighthouse-${page.name}-${i}.json`), result.report);
    }
    const median = computeMedianRun(lhrs);
    rows.push({
      page,
      f: figures(median),
      all: lhrs.map(figures),
      benchmarkIndex: median.environment?.benchmarkIndex ?? NaN,
    });
    for (const n of findings(median)) notes.push(`\`${page.path}\` ${n}`);
  }

  const date = new Date().toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
  const targets = targetsOf(rows, js.kb);
  console.log(
    `\nLighthouse ${lighthouseVersion}, mobile, median of ${RUNS} runs (${chromeVersion}, ${os.cpus().length} cores):\n`,
  );
  printTable(table(rows, js.kb));
  console.log('');
  for (const t of targets)
    console.log(`${t.pass ? 'PASS' : 'MISS'}  ${t.page.padEnd(9)} ${t.label.padEnd(24)} ${shown(t)}`);
  if (notes.length) {
    console.log('\nStill flagged in the median runs:');
    for (const n of notes) console.log(`  - ${n}`);
  }
  const load = { before: loadBefore, after: os.loadavg()[0] };
  console.log(
    `\nLoad average (1 min): ${load.before.toFixed(2)} before, ${load.after.toFixed(2)} after (${os.cpus().length} cores).`,
  );
  if (WRITE) {
    writeReport({ rows, targets, jsKb: js.kb, chromeVersion, runs: { lighthouseVersion }, notes, date, load });
    log(`written to ${path.relative(root, reportFile)}`);
  }
  if (KEEP) log(`reports kept in ${tmpDir}`);
}

try {
  await main();
  await cleanUp();
  process.exit(0);
} catch (err) {
  console.error('[bench:web] failed:', err instanceof Error ? (err.stack ?? err.message) : err);
  await cleanUp();
  process.exit(1);
}
