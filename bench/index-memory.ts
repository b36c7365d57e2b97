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
