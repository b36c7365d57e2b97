// The memory of the search index alone (issue 21): reads a snapshot the server wrote (under
// DATA_DIR/search-index/) into a bare process and prints its resident memory, heap and typed
// arrays before and after, with the time the reading took.
//
//   node --expose-gc --import tsx bench/index-memory.ts data/search-index/search-index-*.bin
import { SearchIndex } from '../apps/server/src/search/memory/search-index';
import { SnapshotReader } from '../apps/server/src/search/memory/snapshot-file';
const mb = (n: number) => Math.round(n / 1e6);
const show = (label: string) => {
  global.gc?.();
  const m = process.memoryUsage();
  console.log(
    label,
    'rss',
    mb(m.rss),
    'heapUsed',
    mb(m.heapUsed),
    'heapTotal',
    mb(m.heapTotal),
    'arrayBuffers',
    mb(m.arrayBuffers),
    'external',
    mb(m.external),
  );
};
show('before');
const t = performance.now();
const r = await SnapshotReader.open(process.argv[2]!);
if (!r) throw new Error(`No snapshot at ${process.argv[2]}`);
const index = await SearchIndex.restore(r);
console.log('restored in', Math.round(performance.now() - t), 'ms', index.live);
show('after');

// Where it goes: the typed arrays (each buffer once) and the strings each part holds, by the path
// of fields that reaches them, in MB. Strings count their characters (one or two bytes each) and a
// 16-byte header; a Map's or an array's own slots are not counted.
const typedBytes = new Map<string, number>();
const stringBytes = new Map<string, number>();
const seen = new Set<object>();
const add = (m: Map<string, number>, key: string, n: number) => m.set(key, (m.get(key) ?? 0) + n);
const walk = (value: unknown, path: string, depth: number): void => {
  if (typeof value === 'string') {
    // eslint-disable-next-line no-control-regex
    add(stringBytes, path, 16 + value.length * (/[^\u0000-\u00ff]/.test(value) ? 2 : 1));
    return;
  }
  if (value === null || typeof value !== 'object' || seen.has(value) || depth > 6) return;
  seen.add(value);
  if (ArrayBuffer.isView(value)) {
    if (!seen.has(value.buffer)) add(typedBytes, path, value.buffer.byteLength);
    seen.add(value.buffer);
    return;
  }
  if (value instanceof Map) {
    for (const [k, v] of value) {
      walk(k, `${path}.keys`, depth + 1);
      walk(v, `${path}.values`, depth + 1);
    }
    return;
  }
  if (Array.isArray(value)) {
    for (const v of value) walk(v, `${path}[]`, depth + 1);
    return;
  }
  for (const [k, v] of Object.entries(value)) walk(v, `${path}.${k}`, depth + 1);
};
walk(index, 'index', 0);
const table = (title: string, m: Map<string, number>) => {
  console.log(title);
  for (const [path, n] of [...m].sort((a, b) => b[1] - a[1]).filter(([, n]) => n > 1e6)) console.log(' ', mb(n), path);
  console.log('  total', mb([...m.values()].reduce((a, b) => a + b, 0)));
};
table('typed arrays (MB)', typedBytes);
table('strings (MB)', stringBytes);
