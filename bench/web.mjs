#!/usr/bin/env node
// `npm run bench:web`: Lighthouse (mobile: its default emulation and simulated throttling) against
// the public pages of a production build served by the real server (issue 22): the home page, All
// Services, a service page and a provider page, each in English and under /bn in Bangla.
//
// From a fresh clone it builds the web app into a temp folder (apps/web/build/build.mjs: the
// browser's app and the server entry that renders the public pages), starts the server on a free
// port with a fresh DATA_DIR (embedded PGlite; the demo data is seeded at start; no Firebase
// emulator is needed for public pages), waits for /api/health, takes the newest service
// (/api/services?limit=1) for the service page (its canonical address, /services/{id}/{slug}) and
// its provider for the provider page, runs Lighthouse (performance, accessibility, best practices,
// SEO) 3 times per page in the system Chromium (CHROME_PATH or /usr/bin/chromium), takes each
// page's median run, adds the home page's JavaScript gzip (scripts/check-web-size.mjs), prints a
// table with PASS/MISS per target and the audits that failed, and writes them to
// docs/performance-web.md. Exit 0 even when a target is missed (it is a report), non-zero when
// something crashed.
//
//   node bench/web.mjs [--runs 3] [--keep] [--dist DIR] [--no-write] [--pages NAMES]
//     --keep         leaves the temp folder (server log, Lighthouse JSON reports) for a look
//     --dist DIR     measures an existing build instead of building one (e.g. another commit's; a
//                    build without .ssr/entry-server.mjs gets the app's shell for every page)
//     --no-write     prints the results only (and the table as Markdown), the doc stays as it is
//     --pages NAMES  only these pages, comma-separated, of home, services, service, provider and
//                    the same with -bn (e.g. home,service-bn); implies --no-write
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { freePort, importTs, root, SERVER_NODE_ARGS, stopProcess, waitForHealth, webBuild } from '../scripts/lib.mjs';
import { saveDoc } from './report.mjs';

const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const reportFile = path.join(root, 'docs/performance-web.md');

/** The pages of issue 22, each in English and in Bangla (named `${kind}` and `${kind}-bn`). */
const PAGE_KINDS = ['home', 'services', 'service', 'provider'];
const PAGE_NAMES = PAGE_KINDS.flatMap((kind) => [kind, `${kind}-bn`]);

const args = process.argv.slice(2);
const runsArg = args.indexOf('--runs');
const RUNS = runsArg >= 0 ? Number(args[runsArg + 1]) : 3;
const KEEP = args.includes('--keep');
const distArg = args.indexOf('--dist');
const GIVEN_DIST = distArg >= 0 ? path.resolve(args[distArg + 1] ?? '') : null;
const pagesArg = args.indexOf('--pages');
const ONLY = pagesArg >= 0 ? (args[pagesArg + 1] ?? '').split(',').filter(Boolean) : null;
// A run of some pages only would replace the doc's table of all of them.
const WRITE = !args.includes('--no-write') && !ONLY;
if (!Number.isInteger(RUNS) || RUNS < 1) {
  console.error('--runs must be a positive whole number');
  process.exit(2);
}
if (ONLY && (!ONLY.length || ONLY.some((name) => !PAGE_NAMES.includes(name)))) {
  console.error(`--pages takes names among ${PAGE_NAMES.join(', ')}`);
  process.exit(2);
}

/** Targets of issue 22: [label, metric key, test]. TBT is shown, not a target any more. */
const TARGETS = [
  ['perf >= 98', 'performance', (v) => v >= 98],
  ['a11y 100', 'accessibility', (v) => v === 100],
  ['best-pr. 100', 'bestPractices', (v) => v === 100],
  ['SEO 100', 'seo', (v) => v === 100],
  ['LCP < 1.8 s', 'lcp', (v) => v < 1800],
  ['CLS < 0.05', 'cls', (v) => v < 0.05],
];
const JS_BUDGET_KB = 100;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

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
  const base = `http://127.0.0.1:${port}`;
  const serverLog = path.join(tmpDir, 'server.log');
  const fd = openSync(serverLog, 'a');
  const env = {
    ...process.env,
    // As deployed: production mode (which needs a JWT secret and no Auth Emulator).
    NODE_ENV: 'production',
    JWT_SECRET: `bench-${Math.random().toString(36).slice(2)}-${'x'.repeat(32)}`,
    PORT: String(port),
    HOST: '127.0.0.1',
    // The address the pages' canonical and hreflang links name: the one measured, as when deployed.
    PUBLIC_URL: base,
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
  const started = Date.now();
  try {
    await waitForHealth(`${base}/api/health`, child);
  } catch (err) {
    throw new Error(`${err.message}\n${readFileSync(serverLog, 'utf8')}`);
  }
  log(`server on ${base} (log ${serverLog}), ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return base;
}

async function getJson(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
  return res.json();
}

/**
 * The pages measured, in table order (each kind in English, then in Bangla): `path` is the address
 * requested, `label` the one shown (ids and slug as placeholders). The service is the newest
 * (/api/services?limit=1), at its canonical address (packages/shared's servicePath, the server's
 * own slug rule); the provider page is its provider's.
 */
async function resolvePages(base) {
  const { servicePath, providerPath, languagePrefix } = await importTs('packages/shared/src/public-paths.ts');
  const service = (await getJson(`${base}/api/services?limit=1`)).services?.[0];
  if (!service) throw new Error('/api/services?limit=1 answered no service (is the demo data seeded?)');
  const { providerId } = await getJson(`${base}/api/services/${service._id}`);
  if (!providerId) throw new Error(`/api/services/${service._id} answered no providerId`);
  const pages = [];
  for (const kind of PAGE_KINDS) {
    for (const lang of ['en', 'bn']) {
      const prefix = languagePrefix(lang);
      const [pagePath, label] = {
        home: [prefix || '/', prefix || '/'],
        services: [`${prefix}/services`, `${prefix}/services`],
        service: [servicePath(service, lang), `${prefix}/services/{id}/{slug}`],
        provider: [providerPath(providerId, lang), `${prefix}/providers/{id}`],
      }[kind];
      pages.push({ name: lang === 'en' ? kind : `${kind}-bn`, path: pagePath, label });
    }
  }
  return {
    pages: ONLY ? pages.filter((p) => ONLY.includes(p.name)) : pages,
    service: { id: service._id, name: service.serviceName, providerId },
  };
}

/**
 * Checks that each page answers 200 itself (a redirect, e.g. a slug the server writes otherwise,
 * would be measured with its hop: the page then becomes its target), and warms it up: the first
 * request compiles the server's routes and fills the database's caches; it is not counted.
 */
async function checkPages(base, pages) {
  for (const page of pages) {
    let res = await fetch(base + page.path, { redirect: 'manual' });
    if (res.status >= 300 && res.status < 400 && res.headers.get('location')) {
      const to = new URL(res.headers.get('location'), base);
      log(`${page.path} answered ${res.status} to ${to.pathname}; measuring that address`);
      page.path = to.pathname + to.search;
      res = await fetch(base + page.path, { redirect: 'manual' });
    }
    await res.text();
    if (res.status !== 200) throw new Error(`${page.path} answered ${res.status}`);
  }
  await fetch(`${base}/api/services?limit=20`).then((r) => r.text());
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
      onlyCategories: CATEGORIES,
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
    seo: score('seo'),
    lcp: value('largest-contentful-paint'),
    cls: value('cumulative-layout-shift'),
    tbt: value('total-blocking-time'),
    fcp: value('first-contentful-paint'),
    si: value('speed-index'),
  };
}

/** A failed audit's first items, in a few words (the console's message, the element, the address). */
function auditDetail(audit) {
  const items = audit.details?.items ?? [];
  const text = items
    .slice(0, 2)
    .map(
      (item) =>
        item.description ??
        item.node?.snippet ??
        item.node?.selector ??
        item.source?.url ??
        item.url ??
        // inspector-issues: the kind of issue, and where (a CSP eval violation names no address)
        (item.issueType
          ? `${item.issueType}${item.subItems?.items?.length ? ` at ${item.subItems.items.map((i) => i.url).join(', ')}` : ''}`
          : ''),
    )
    .filter(Boolean)
    .map((s) => String(s).replace(/\s+/g, ' ').slice(0, 140));
  return text.length ? `${text.join('; ')}${items.length > 2 ? ` (and ${items.length - 2} more)` : ''}` : '';
}

/**
 * What lost points in a median run: the accessibility, best-practices and SEO audits that failed
 * (with their id), and the performance opportunities of 50 ms or more.
 */
function findings(lhr) {
  const failed = [];
  for (const [category, label] of [
    ['accessibility', 'accessibility'],
    ['best-practices', 'best practices'],
    ['seo', 'SEO'],
  ]) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1)
        failed.push({ category: label, id: ref.id, title: audit.title, detail: auditDetail(audit) });
    }
  }
  const opportunities = [];
  for (const audit of Object.values(lhr.audits)) {
    const savings = audit.details?.overallSavingsMs ?? audit.metricSavings?.LCP ?? 0;
    if (audit.details?.type === 'opportunity' && savings >= 50)
      opportunities.push({ id: audit.id, title: audit.title, ms: Math.round(savings) });
  }
  return { failed, opportunities };
}

/** The findings of all pages, each audit once with the pages it concerns. */
function notesOf(rows) {
  const failed = new Map();
  const opportunities = new Map();
  for (const { page, found } of rows) {
    for (const f of found.failed) {
      const key = `${f.category} ${f.id}`;
      if (!failed.has(key)) failed.set(key, { ...f, pages: [] });
      failed.get(key).pages.push({ label: page.label, detail: f.detail });
    }
    for (const o of found.opportunities) {
      if (!opportunities.has(o.id)) opportunities.set(o.id, { ...o, pages: [] });
      opportunities.get(o.id).pages.push(`${page.label} ~${o.ms} ms`);
    }
  }
  const lines = { failed: [], opportunities: [] };
  for (const f of failed.values()) {
    const details = [...new Set(f.pages.map((p) => p.detail).filter(Boolean))];
    lines.failed.push(
      `${f.category}: \`${f.id}\` "${f.title}" on ${f.pages.map((p) => `\`${p.label}\``).join(', ')}` +
        (details.length ? ` (${details.slice(0, 2).join(' | ')})` : ''),
    );
  }
  for (const o of opportunities.values())
    lines.opportunities.push(`\`${o.id}\` "${o.title}": ${o.pages.map((p) => `\`${p}\``).join(', ')}`);
  return lines;
}

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const millis = (ms) => `${Math.round(ms)} ms`;

function table(rows) {
  const head = ['page', 'perf', 'a11y', 'best-pr.', 'SEO', 'LCP', 'CLS', 'TBT', 'FCP', 'Speed Index'];
  const body = rows.map(({ page, f }) => [
    page.label,
    String(f.performance),
    String(f.accessibility),
    String(f.bestPractices),
    String(f.seo),
    seconds(f.lcp),
    f.cls.toFixed(3),
    millis(f.tbt),
    seconds(f.fcp),
    seconds(f.si),
  ]);
  return [head, ...body];
}

/** PASS or MISS per page and target (one row a page), and the home page's JavaScript. */
function targetsOf(rows, jsKb) {
  const perPage = rows.map(({ page, f }) => ({
    page: page.label,
    results: TARGETS.map(([, key, ok]) => ok(f[key])),
  }));
  const js = { label: `home JS < ${JS_BUDGET_KB} KB gzip`, value: jsKb, pass: jsKb < JS_BUDGET_KB };
  const all = [...perPage.flatMap((p) => p.results), js.pass];
  return { perPage, js, met: all.filter(Boolean).length, total: all.length };
}

function targetTable(targets) {
  return [
    ['page', ...TARGETS.map(([label]) => label)],
    ...targets.perPage.map((p) => [p.page, ...p.results.map((ok) => (ok ? 'PASS' : 'MISS'))]),
  ];
}

const jsLine = (targets) =>
  `${targets.js.pass ? 'PASS' : 'MISS'} ${targets.js.label}: ${targets.js.value.toFixed(1)} KB (the JavaScript \`/\` loads before its first render, scripts/check-web-size.mjs)`;

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

const duration = (ms) => `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;

function writeReport({ rows, targets, chromeVersion, lighthouseVersion, notes, date, load, service, took }) {
  const start = '<!-- bench:web:start -->';
  const end = '<!-- bench:web:end -->';
  const cpus = os.cpus();
  const indexes = rows.map((r) => r.benchmarkIndex).filter(Number.isFinite);
  const section = [
    start,
    `## Latest run: ${date}`,
    '',
    `Command: \`npm run bench:web\` (\`node bench/web.mjs\`), ${duration(took)} in all. Lighthouse ${lighthouseVersion}, mobile (default emulation,`,
    `simulated throttling), categories performance, accessibility, best practices and SEO, median of ${RUNS} runs per page, production build served by the real server (NODE_ENV=production,`,
    'fresh PGlite database with the demo data, PUBLIC_URL the address measured).',
    `The service page is the newest service, "${service.name}" (\`/services/${service.id}/…\`), at its canonical address; the provider page is its provider's (\`/providers/${service.providerId}\`).`,
    '',
    `Machine: ${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB memory, ${os.type()} ${os.release()}, Node ${process.version}; ${chromeVersion}.`,
    `Load average (1 min) ${load.before.toFixed(2)} before and ${load.after.toFixed(2)} after the runs; Lighthouse benchmark index of the median runs ${Math.round(Math.min(...indexes))}–${Math.round(Math.max(...indexes))}.`,
    'Simulated throttling multiplies the CPU time it observes by 4: on a busy machine TBT and the paint times grow, so compare runs made at a similar load.',
    '',
    markdownTable(table(rows)),
    '',
    `Targets (issue 22): ${targets.met} of ${targets.total} met.`,
    '',
    markdownTable(targetTable(targets)),
    '',
    `- ${jsLine(targets)}`,
    '',
    'Per run (performance score / LCP / TBT):',
    '',
    ...rows.map(
      ({ page, all }) =>
        `- \`${page.label}\`: ${all.map((f) => `${f.performance} / ${seconds(f.lcp)} / ${millis(f.tbt)}`).join(', ')}`,
    ),
    '',
    ...(notes.failed.length
      ? ['Audits failed in the median runs (category: id, title, pages):', '', ...notes.failed.map((n) => `- ${n}`)]
      : ['No accessibility, best-practices or SEO audit failed in the median runs.']),
    ...(notes.opportunities.length
      ? ['', 'Opportunities of 50 ms or more:', '', ...notes.opportunities.map((n) => `- ${n}`)]
      : []),
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
  const startedAt = Date.now();
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
  if (!existsSync(path.join(dist, '.ssr', 'entry-server.mjs')))
    log(`${dist} has no .ssr/entry-server.mjs: every page is the app's shell, rendered in the browser`);
  const js = homeJs(dist);
  console.log(js.report);
  const base = await startServer(tmpDir, dist);
  const { pages, service } = await resolvePages(base);
  await checkPages(base, pages);
  log(`service page ${pages.find((p) => p.name === 'service')?.path ?? `/services/${service.id}/…`}`);

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

  const rows = [];
  let lighthouseVersion = '';
  for (const page of pages) {
    const lhrs = [];
    for (let i = 1; i <= RUNS; i++) {
      const result = await runLighthouse(lighthouse, base + page.path, chrome.port);
      lighthouseVersion = result.lhr.lighthouseVersion;
      const f = figures(result.lhr);
      log(
        `${page.label} run ${i}/${RUNS}: performance ${f.performance}, a11y ${f.accessibility}, best-pr. ${f.bestPractices}, SEO ${f.seo}, LCP ${seconds(f.lcp)}, CLS ${f.cls.toFixed(3)}, TBT ${millis(f.tbt)}`,
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
      found: findings(median),
    });
  }

  const date = new Date().toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
  const targets = targetsOf(rows, js.kb);
  const notes = notesOf(rows);
  console.log(
    `\nLighthouse ${lighthouseVersion}, mobile, median of ${RUNS} runs (${chromeVersion}, ${os.cpus().length} cores):\n`,
  );
  printTable(table(rows));
  console.log(`\nTargets (issue 22): ${targets.met} of ${targets.total} met.\n`);
  printTable(targetTable(targets));
  console.log(`\n${jsLine(targets)}`);
  if (notes.failed.length) {
    console.log('\nAudits failed in the median runs:');
    for (const n of notes.failed) console.log(`  - ${n}`);
  }
  if (notes.opportunities.length) {
    console.log('\nOpportunities of 50 ms or more:');
    for (const n of notes.opportunities) console.log(`  - ${n}`);
  }
  const load = { before: loadBefore, after: os.loadavg()[0] };
  const took = Date.now() - startedAt;
  console.log(
    `\nLoad average (1 min): ${load.before.toFixed(2)} before, ${load.after.toFixed(2)} after (${os.cpus().length} cores). Run time ${duration(took)}.`,
  );
  if (WRITE) {
    writeReport({ rows, targets, chromeVersion, lighthouseVersion, notes, date, load, service, took });
    log(`written to ${path.relative(root, reportFile)}`);
  } else {
    console.log(`\nAs Markdown:\n\n${markdownTable(table(rows))}\n\n${markdownTable(targetTable(targets))}`);
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
