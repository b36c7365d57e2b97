/**
 * The judged set of apps/server/test/search-quality.test.ts, read from the test file itself (its
 * JUDGED array and the constants before it, types stripped by esbuild), so the comparison judges
 * every engine on exactly the queries and criteria the test holds the server to: a query passes
 * when the named services are in its top 5, or when every one of its top 5 (at least `min` of
 * them) fits the pattern.
 */
import { readFileSync } from 'node:fs';
import { transformSync } from 'esbuild';

export function loadJudged(file) {
  const source = readFileSync(file, 'utf8');
  const start = source.indexOf('interface Judgement');
  const end = source.indexOf('let t: TestApp');
  if (start < 0 || end < start) throw new Error(`The judged set was not found in ${file}.`);
  const { code } = transformSync(source.slice(start, end), { loader: 'ts' });
  const judged = new Function(`${code}\nreturn JUDGED;`)();
  if (!Array.isArray(judged) || judged.length < 30) throw new Error(`Unexpected judged set in ${file}.`);
  return judged;
}

/** The test's verdict on a query's top-5 names: null when it passes, else why not. */
export function judge(j, names) {
  const missing = (j.top ?? []).filter((name) => !names.includes(name));
  if (missing.length) return `missing ${missing.join(', ')}`;
  if (j.every) {
    if (names.length < (j.min ?? 1)) return `only ${names.length} results`;
    const off = names.filter((n) => !j.every.test(n));
    if (off.length) return `off-topic ${off.join(', ')}`;
  }
  return null;
}
