/**
 * The report of `npm run bench`: the targets of issue 10 checked on the measured figures, the table,
 * and the section of docs/performance.md for the catalogue size (rewritten by each run of that size).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The mean req/s of the runs measured (null when none was). */
const mean = (...runs) => {
  const measured = runs.filter(Boolean);
  return measured.length ? measured.reduce((n, m) => n + m.rps, 0) / measured.length : null;
};

/** The reference figures of a run: the ceiling and the service page, each the mean of before and after. */
export function references(results) {
  const find = (name) => results.find((r) => r.name === name)?.result;
  return {
    ceiling: mean(find('bare Fastify route, before'), find('bare Fastify route, after')),
    servicePage: mean(find('a service page, before'), find('a service page, after')),
  };
}

/** PASS or MISS for every target of issues 10 and 19 that this run measured. */
export function checkTargets(results, services, refs) {
  const checks = [];
  const check = (label, ok, figure) => checks.push({ label, ok, figure });
  const measured = results.filter((r) => r.result);
  const errors = measured.reduce((n, r) => n + r.result.errors + r.result.non2xx, 0);
  check('zero errors and non-2xx answers in every scenario', errors === 0, `${errors}`);
  const million = services >= 1_000_000;
  // A p99 counts the requests that timed out (no answer within 10 s) as slower than any answer.
  const checkP99 = ({ name, result: m }, limit, suffix) => {
    const all = m.requests + m.timeouts;
    const label = `${name}: p99 < ${limit} ms${suffix}`;
    if (m.requests === 0) return check(label, false, `no answer (${m.errors} errors)`);
    if (m.timeouts > all / 100) return check(label, false, `over 10 s (${m.timeouts} of ${all} requests timed out)`);
    return check(label, m.p99 < limit, `${m.p99} ms`);
  };
  for (const r of measured.filter((x) => x.role === 'browse')) {
    const m = r.result;
    if (million) {
      checkP99(r, 250, ' at 1,000,000');
      continue;
    }
    check(`${r.name}: >= 1,000 req/s`, m.rps >= 1000, `${Math.round(m.rps)} req/s`);
    checkP99(r, 100, '');
    if (refs.servicePage) {
      const ratio = m.rps / refs.servicePage;
      check(`${r.name}: >= 1/3 of the service page's req/s`, ratio >= 1 / 3, ratio.toFixed(2));
    }
  }
  for (const r of measured.filter((x) => x.role === 'header')) {
    checkP99(r, million ? 100 : 50, million ? ' at 1,000,000' : '');
  }
  // Issue 22: the server-rendered pages at 100,000 services.
  if (!million) {
    for (const [role, rps, p99] of [
      ['page-service', 1000, 100],
      ['page-list', 500, 150],
    ]) {
      for (const r of measured.filter((x) => x.role === role)) {
        check(
          `${r.name}: >= ${rps.toLocaleString('en')} req/s`,
          r.result.rps >= rps,
          `${Math.round(r.result.rps)} req/s`,
        );
        checkP99(r, p99, '');
      }
    }
  }
  // Issue 19: sending a message, and the live event streams.
  for (const r of measured.filter((x) => x.role === 'message')) checkP99(r, 100, '');
  for (const { live: s } of measured.filter((x) => x.live)) {
    const n = s.streams.toLocaleString('en');
    check(
      `${n} event streams opened, none closed before the end`,
      s.opened.opened === s.streams && s.dropped === 0,
      `${s.opened.opened.toLocaleString('en')} opened, ${s.dropped} closed`,
    );
    const kb = (x) => `${(x / 1024).toFixed(1)} KB`;
    check(
      `event streams: server memory < 20 KB a stream (RSS and heap each)`,
      Math.max(s.memory.perStream.rss, s.memory.perStream.heapUsed) < 20 * 1024,
      `RSS ${kb(s.memory.perStream.rss)}, heap ${kb(s.memory.perStream.heapUsed)}`,
    );
    const all = (key) => s.phases.reduce((x, p) => x + p[key], 0);
    check(
      'event streams: every write answered 2xx, every event delivered',
      all('failedWrites') === 0 && all('missing') === 0 && all('duplicates') === 0,
      `${all('failedWrites')} failed writes, ${all('delivered')} of ${all('expected')} events delivered`,
    );
    const browsing = s.phases.at(-1);
    check(
      'event streams: p99 delivery delay (from the write sent) < 1 s while browsing',
      browsing.delay.p99 != null && browsing.delay.p99 < 1000,
      browsing.delay.p99 == null
        ? 'no event delivered'
        : `${Math.round(browsing.delay.p99)} ms (${Math.round(browsing.eventsPerSecond)} events/s)`,
    );
  }
  return checks;
}

const pct = (x) => `${Math.round(x * 100)} %`;
/** A rate as the table shows it: whole requests a second, or two decimals below 10 (uploads a second). */
export const rate = (rps) => (rps < 10 ? rps.toFixed(2) : Math.round(rps));
const ratio = (x, ref) => (ref ? (x / ref).toFixed(2) : '');

export function table(results, refs) {
  const row = (cells) => `| ${cells.join(' | ')} |`;
  return [
    row([
      'scenario',
      'req/s',
      'p50 ms',
      'p99 ms',
      'errors',
      'timeouts',
      'non-2xx',
      'distinct URLs',
      'micro-cache',
      'x service page',
      'x ceiling',
    ]),
    row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:']),
    ...results
      .filter((r) => r.result)
      .map(({ name, role, result: m }) =>
        row([
          name,
          rate(m.rps),
          m.p50,
          m.p99,
          m.errors,
          m.timeouts,
          m.non2xx,
          role === 'ceiling' ? '' : pct(m.distinct),
          role === 'ceiling' ? '' : pct(m.cached),
          ratio(m.rps, refs.servicePage),
          ratio(m.rps, refs.ceiling),
        ]),
      ),
  ].join('\n');
}

export const targetLines = (checks) =>
  checks.map((c) => `- ${c.ok ? 'PASS' : 'MISS'} ${c.label}: ${c.figure}`).join('\n');

function readDoc(root) {
  const file = path.join(root, 'docs/performance.md');
  let doc = existsSync(file) ? readFileSync(file, 'utf8') : '';
  if (!doc.trim())
    doc = `# Performance\n\nFigures written by \`npm run bench\` (the API) and \`npm run bench:web\` (the pages); see the README.\n`;
  return { file, doc };
}

/** Writes the document, formatted as `npm run lint` checks it (Prettier, the repository's settings). */
export function saveDoc(root, file, doc) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, doc);
  execFileSync(process.execPath, [path.join(root, 'node_modules/prettier/bin/prettier.cjs'), '--write', file], {
    cwd: root,
    stdio: 'ignore',
  });
  return path.relative(root, file);
}

/** Replaces the section under `heading` (up to the next `## `), or inserts it at `insertAt(doc)` (or at the end). */
function putSection(doc, heading, body, insertAt) {
  const section = `${heading}\n\n${body.trim()}\n`;
  const start = doc.indexOf(`${heading}\n`);
  if (start >= 0) {
    const end = doc.indexOf('\n## ', start + heading.length);
    return doc.slice(0, start) + section + (end >= 0 ? doc.slice(end) : '');
  }
  const after = insertAt(doc);
  return after >= 0
    ? `${doc.slice(0, after).trimEnd()}\n\n${section}\n${doc.slice(after).replace(/^\n+/, '')}`
    : `${doc.trimEnd()}\n\n${section}`;
}

/** Replaces (or appends) the section of docs/performance.md for this catalogue size. */
export function writeSection(root, services, body) {
  const { file, doc } = readDoc(root);
  const heading = `## API at ${services.toLocaleString('en')} services`;
  // A new size goes before the cluster figures and the hand-written notes, with the sizes in order.
  const next = putSection(doc, heading, body, (d) => {
    const sizes = [...d.matchAll(/^## API at ([\d,]+) services$/gm)].map((m) => ({
      n: Number(m[1].replaceAll(',', '')),
      at: m.index,
    }));
    const cluster = d.indexOf('\n## Cluster\n');
    return sizes.find((s) => s.n > services)?.at ?? (cluster >= 0 ? cluster : d.indexOf('\n## Reading the figures'));
  });
  return saveDoc(root, file, next);
}

/** Replaces (or adds, before the hand-written notes) the "Cluster" section of docs/performance.md. */
export function writeClusterSection(root, body) {
  const { file, doc } = readDoc(root);
  return saveDoc(
    root,
    file,
    putSection(doc, '## Cluster', body, (d) => d.indexOf('\n## Reading the figures')),
  );
}

/** Replaces (or adds, before the hand-written notes) the "Photos" section of docs/performance.md (issue 23). */
export function writePhotosSection(root, body) {
  const { file, doc } = readDoc(root);
  return saveDoc(
    root,
    file,
    putSection(doc, '## Photos', body, (d) => d.indexOf('\n## Reading the figures')),
  );
}
