#!/usr/bin/env node
// Size check of the home page's initial JavaScript: every script and modulepreload of the built
// index.html, the entry chunk's static imports (from the Vite manifest) and the chunk of the '/'
// route (src/app/routes/home.tsx) with its static imports. Sums their gzip sizes, prints the list
// and the total, and exits 1 when the total is over the budget.
//
//   node scripts/check-web-size.mjs [--dist apps/web/dist] [--budget 100] [--route src/app/routes/home.tsx]
//
// Needs a build with `build.manifest: true` (apps/web/vite.config.ts). Plain Node, no dependencies.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function parseArgs(argv) {
  const options = { dist: path.join(root, 'apps/web/dist'), budget: 100, route: 'src/app/routes/home.tsx' };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const value = () => inline ?? argv[++i];
    if (flag === '--dist') options.dist = path.resolve(value());
    else if (flag === '--budget') options.budget = Number(value());
    else if (flag === '--route') options.route = value();
    else if (flag === '--help' || flag === '-h') {
      console.log('usage: node scripts/check-web-size.mjs [--dist DIR] [--budget KB] [--route SRC]');
      process.exit(0);
    } else {
      console.error(`Unknown option: ${argv[i]}`);
      process.exit(2);
    }
  }
  if (!Number.isFinite(options.budget) || options.budget <= 0) {
    console.error('--budget must be a positive number of kilobytes');
    process.exit(2);
  }
  return options;
}

const { dist, budget, route } = parseArgs(process.argv.slice(2));
const indexPath = path.join(dist, 'index.html');
const manifestPath = path.join(dist, '.vite/manifest.json');
if (!existsSync(indexPath)) {
  console.error(`No ${indexPath}: build the web app first (npx vite build).`);
  process.exit(2);
}
if (!existsSync(manifestPath)) {
  console.error(`No ${manifestPath}: build with build.manifest: true in apps/web/vite.config.ts.`);
  process.exit(2);
}

const html = readFileSync(indexPath, 'utf8');
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));

/** Built file (relative to dist) of a URL in index.html; null for external URLs. */
function distFile(url) {
  if (/^(?:[a-z]+:)?\/\//i.test(url) || url.startsWith('data:')) return null;
  return decodeURIComponent(url.split(/[?#]/)[0]).replace(/^\.?\//, '');
}

const attr = (tag, name) =>
  tag
    .match(new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i'))
    ?.slice(1)
    .find((v) => v !== undefined);

// Why each file is counted, in discovery order.
const files = new Map();
const add = (file, reason) => {
  if (file && file.endsWith('.js') && !files.has(file)) files.set(file, reason);
};

/** A manifest chunk and its static imports (not its dynamic imports: those load later). */
function addChunk(key, reason, seen = new Set()) {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) return;
  add(chunk.file, reason);
  for (const imported of chunk.imports ?? []) addChunk(imported, `imported by ${chunk.file}`, seen);
}

for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
  const file = distFile(attr(tag, 'src') ?? '');
  if (!file) continue;
  add(file, 'index.html <script>');
  if (byFile.has(file)) addChunk(byFile.get(file), 'index.html <script>');
}
for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
  if (!/\bmodulepreload\b/i.test(attr(tag, 'rel') ?? '')) continue;
  const file = distFile(attr(tag, 'href') ?? '');
  if (!file) continue;
  add(file, 'index.html modulepreload');
  if (byFile.has(file)) addChunk(byFile.get(file), 'index.html modulepreload');
}
for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) addChunk(key, 'entry');

// The route's chunk: keyed by its source path, or (when Rollup merged the route module into a
// chunk that other chunks import, which then has no facade) a dynamic import of the entry with the
// route's chunk name.
const routeName = path.basename(route).replace(/\.[^.]+$/, '');
const entryKeys = Object.keys(manifest).filter((key) => manifest[key].isEntry);
const routeKey =
  (manifest[route] ? route : undefined) ??
  entryKeys
    .flatMap((key) => manifest[key].dynamicImports ?? [])
    .find((key) => manifest[key]?.src === route || (!manifest[key]?.src && manifest[key]?.name === routeName));
if (!routeKey) {
  console.error(`The manifest has no chunk for ${route} (is it still lazy-loaded by the router?).`);
  process.exit(2);
}
addChunk(routeKey, `route ${route}`);

// Kilobytes of 1000 bytes, as Vite's build report counts them.
const KB = 1000;
const kb = (bytes) => (bytes / KB).toFixed(1).padStart(7);
let total = 0;
const rows = [];
for (const [file, reason] of files) {
  const full = path.join(dist, file);
  if (!existsSync(full)) {
    console.error(`Missing built file ${full}`);
    process.exit(2);
  }
  const body = readFileSync(full);
  const gzip = gzipSync(body).length;
  total += gzip;
  rows.push({ file, raw: body.length, gzip, reason });
}
rows.sort((a, b) => b.gzip - a.gzip);

console.log(`Home page initial JavaScript (${path.relative(process.cwd(), dist) || '.'}):`);
console.log(`${'gzip KB'.padStart(7)}  ${'raw KB'.padStart(7)}  file  (why)`);
for (const r of rows) console.log(`${kb(r.gzip)}  ${kb(r.raw)}  ${r.file}  (${r.reason})`);
console.log(`${kb(total)}  total gzip, budget ${budget} KB`);

const css = new Set([...files.keys()].flatMap((file) => manifest[byFile.get(file)]?.css ?? []));
if (css.size) {
  const cssGzip = [...css].reduce((sum, f) => sum + gzipSync(readFileSync(path.join(dist, f))).length, 0);
  console.log(`(CSS, not counted in the budget: ${[...css].join(', ')} = ${(cssGzip / KB).toFixed(1)} KB gzip)`);
}

// For information: code the route loads later by itself (e.g. below-the-fold sections).
const later = (manifest[routeKey].dynamicImports ?? [])
  .map((key) => manifest[key]?.file)
  .filter((file) => file && !files.has(file));
if (later.length) {
  const laterGzip = later.reduce((sum, f) => sum + gzipSync(readFileSync(path.join(dist, f))).length, 0);
  console.log(
    `(Loaded after the first render, not counted: ${later.join(', ')} = ${(laterGzip / KB).toFixed(1)} KB gzip)`,
  );
}

if (total > budget * KB) {
  console.log(`Over budget by ${((total - budget * KB) / KB).toFixed(1)} KB.`);
  process.exit(1);
}
console.log('Within budget.');
