import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREAS, LIST_SORT_KEYS, VOCABULARY_WORDS } from '@meramot/shared';
import { startMeramotCluster, type Cluster } from '../../scripts/cluster/launch';
import { call } from './mixed-load';

/**
 * A new instance gets no traffic before its search index is built and warm (issue 21): two
 * instances behind HAProxy over a generated catalogue; under a steady load of lists and searches
 * drawn fresh, one instance is restarted. Its /api/ready says 503 `starting` until the index is
 * built and the warm-up has run, HAProxy sends it nothing until then, and no search or list it
 * answers after its return takes more than 250 ms.
 */
const SERVICES = 30_000;
// Two clients at a time: the machine (2 cores) also runs both instances, PostgreSQL and HAProxy.
const WORKERS = 2;
const SEARCH_BUDGET_MS = 250;
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
let c: Cluster;

beforeAll(async () => {
  c = await startMeramotCluster({
    instances: 2,
    replica: false,
    env: {
      NODE_ENV: 'production',
      FIREBASE_AUTH_EMULATOR_HOST: '',
      SEED_DEMO: 'never',
      RATE_LIMIT_MAX: '0',
      LOG_LEVEL: 'warn',
    },
    prepare: async (env) => {
      execFileSync('npm', ['run', 'seed', '--silent', '--', '--services', String(SERVICES)], {
        cwd: repoRoot,
        env: { ...process.env, DATABASE_URL: env.DATABASE_URL },
        stdio: 'ignore',
      });
    },
  });
}, 600_000);

afterAll(async () => {
  await c?.stop();
}, 60_000);

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const typed = (word: string) => [...word].slice(0, 2 + Math.floor(Math.random() * 4)).join('');

/** A list or search drawn fresh: a typed word, a whole word in an area, a sorted page, the header search. */
function drawn(): string {
  const r = Math.random();
  const sort = pick(LIST_SORT_KEYS);
  if (r < 0.35) return `/api/search/${encodeURIComponent(typed(pick(VOCABULARY_WORDS)))}?limit=8`;
  if (r < 0.7)
    return `/api/services?search=${encodeURIComponent(pick(VOCABULARY_WORDS))}&sort=${sort}&page=${1 + Math.floor(Math.random() * 3)}`;
  return `/api/services?area=${encodeURIComponent(pick(AREAS))}&sort=${sort === 'best' ? 'newest' : sort}&page=${1 + Math.floor(Math.random() * 20)}`;
}

interface Sent {
  path: string;
  status: number;
  start: number;
  ms: number;
  servedBy: string | null;
}

describe('an instance restarted under load', () => {
  it('is out of rotation until its index is built and warm, then answers every search within 250 ms', async () => {
    const victim = c.instances[1]!;
    const t0 = performance.now();
    const at = () => performance.now() - t0;
    const sent: Sent[] = [];
    const states: { at: number; status: number; search: string }[] = [];
    let stop = false;

    const worker = async () => {
      while (!stop) {
        const p = drawn();
        const start = at();
        const res = await call(c.url, 'GET', p);
        sent.push({ path: p, status: res.status, start, ms: at() - start, servedBy: res.servedBy });
      }
    };
    const workers = Array.from({ length: WORKERS }, () => worker());

    await new Promise((r) => setTimeout(r, 3000));
    expect(await victim.kill('SIGTERM')).toBe(0);
    await c.haproxy.waitFor([victim.name], 'DOWN');
    const restarted = at();
    // Its readiness as HAProxy asks it, every 50 ms from the restart until it says 200.
    let polling = true;
    const poll = (async () => {
      while (polling) {
        const res = await call(victim.url, 'GET', '/api/ready');
        if (res.status !== 0)
          states.push({ at: at(), status: res.status, search: res.json<{ search: string }>().search });
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    await victim.start();
    const ready = states.find((s) => s.status === 200)?.at ?? at();
    await c.haproxy.waitFor([victim.name], 'UP');
    const up = at();
    polling = false;
    await poll;
    // Served by it for a while after its return.
    await new Promise((r) => setTimeout(r, 8000));
    stop = true;
    await Promise.all(workers);

    const afterReturn = sent.filter((s) => s.servedBy === victim.name && s.start > restarted);
    const slow = afterReturn
      .filter((s) => s.ms > SEARCH_BUDGET_MS)
      .map((s) => `${Math.round(s.ms)} ms, ${((s.start - ready) / 1000).toFixed(1)} s after ready: ${s.path}`);
    const other = sent.filter((s) => s.servedBy !== victim.name && s.start > ready);
    const figures = {
      requests: sent.length,
      restartedAt: Math.round(restarted),
      readyAt: Math.round(ready),
      upInHaproxyAt: Math.round(up),
      startingAnswers: states.filter((s) => s.status === 503).length,
      servedAfterReturn: afterReturn.length,
      slowestAfterReturnMs: Math.round(Math.max(0, ...afterReturn.map((s) => s.ms))),
      // The instance that stayed up, over the same time: what the machine gives a warm instance.
      otherSlowestMs: Math.round(Math.max(0, ...other.map((s) => s.ms))),
      otherOverBudget: other.filter((s) => s.ms > SEARCH_BUDGET_MS).length,
    };
    console.log(`search readiness: ${JSON.stringify(figures)}`);

    // Starting (503) while its index was built and warmed, then ready with the index on.
    expect(states.some((s) => s.status === 503 && s.search === 'starting')).toBe(true);
    expect(states.find((s) => s.status === 200)?.search).toBe('ok');
    // Nothing was sent to it before it said ready; after, it served, each within the budget.
    expect(afterReturn.filter((s) => s.start < ready)).toEqual([]);
    expect(afterReturn.length).toBeGreaterThan(20);
    expect(slow).toEqual([]);
    // Not one request failed meanwhile.
    expect(sent.filter((s) => s.status !== 200).map((s) => `${s.status} ${s.path}`)).toEqual([]);
  }, 240_000);
});
