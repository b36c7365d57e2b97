// The node arguments the server runs with, in one place for the root scripts (lib.mjs) and the
// cluster's instances (apps/server/scripts/cluster/server-process.ts). No imports but Node's.
import os from 'node:os';

/**
 * How node runs the server (npm start, npm run start:prod, the benchmarks; npm run cluster's
 * instances alike, apps/server/scripts/cluster/server-process.ts): TypeScript through tsx;
 * young-generation semi-spaces of 32 MB instead of V8's 16 (fewer minor collections under load);
 * and the old generation let grow by 30 % of what a full collection left before the next, where
 * V8 lets a large heap double or more: under varied load at 1,000,000 services the process stayed
 * near 955 MB resident where 64 MB semi-spaces and V8's growth reached 1,050-1,380 MB, at the
 * same throughput (docs/performance.md, "Garbage collection"). On 2 cores or fewer, V8 collects
 * on the thread that allocates (`--single-threaded-gc`): the main thread and the render worker
 * (RENDER_THREADS) keep both cores busy, and V8's four helper threads only competed with them
 * (rendered pages' p99 90-98 ms against 98-107, All Services 695-755 req/s against 606-757).
 */
export const SERVER_NODE_ARGS = [
  '--max-semi-space-size=32',
  '--heap-growing-percent=30',
  ...(os.availableParallelism() <= 2 ? ['--single-threaded-gc'] : []),
  '--import',
  'tsx',
];
