/**
 * `npm run bench -- --cluster`: the varied read scenarios of `npm run bench`, and its server-rendered
 * service and All Services pages (issue 22), through HAProxy to 1, 2 and 3 server instances of the
 * cluster `npm run cluster` starts (its own PostgreSQL primary and streaming replica, Redis, the
 * instances in processes of their own in production mode, HAProxy),
 * on a catalogue seeded to --services. Prints and writes (section "Cluster" of docs/performance.md)
 * req/s, p50, p99, errors per scenario and instance count, and the scaling against one instance.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { importTs, root, webBuildForBench } from '../scripts/lib.mjs';
import { measure, settle, waitForSearchIndex } from './load.mjs';
import { writeClusterSection } from './report.mjs';
import {
  allServicesPagePath,
  BROWSE_MIX,
  browsePath,
  describeMix,
  HEADER_MIX,
  headerSearchPath,
  pick,
  publicPagePath,
  SORTS,
} from './varied-requests.mjs';

export async function benchCluster({ services, load, write }) {
  const { startMeramotCluster, replicaCaughtUp } = await importTs('apps/server/scripts/cluster/launch.ts');
  const startedAt = new Date();
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  console.log(
    `Meramot cluster benchmark: ${services.toLocaleString('en')} services, ${load.connections} connections, ${load.duration} s per scenario and size\n`,
  );
  const webDist = webBuildForBench();
  const t0 = Date.now();
  const cluster = await startMeramotCluster({
    instances: 3,
    env: {
      NODE_ENV: 'production',
      FIREBASE_AUTH_EMULATOR_HOST: '',
      SEED_DEMO: 'never',
      RATE_LIMIT_MAX: '0',
      LOG_LEVEL: 'warn',
      WEB_DIST: webDist,
    },
    log: (line) => console.log(`[${((Date.now() - t0) / 1000).toFixed(1).padStart(5)} s] ${line}`),
    prepare: async (env) => {
      execFileSync(npm, ['run', 'seed', '--silent', '--', '--services', String(services)], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: env.DATABASE_URL },
        stdio: 'inherit',
      });
    },
  });
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await cluster.stop();
  };
  process.on('SIGINT', () => void stop().then(() => process.exit(130)));
  try {
    const fixtures = JSON.parse(
      execFileSync(process.execPath, ['--import', 'tsx', 'bench/fixtures.ts', '50', '100000'], {
        cwd: root,
        env: { ...process.env, ...cluster.env, LOG_LEVEL: 'silent' },
        maxBuffer: 64 * 1024 * 1024,
      }).toString(),
    );
    if (cluster.readUrl) await replicaCaughtUp(cluster.primary.url, cluster.replica.url, 120_000);
    // Each instance builds its in-memory search index (of the replica, for visitors) after it starts.
    for (const instance of cluster.instances) await waitForSearchIndex(instance.url, 900_000);
    const ready = await (await fetch(`${cluster.instances[0].url}/api/ready`)).json();
    const readsFrom =
      ready.replica === 'ok'
        ? "visitors' reads from the streaming replica (DATABASE_READ_URL), signed-in reads and writes from the primary"
        : 'every read from the primary (this build does not route reads to DATABASE_READ_URL)';
    console.log(`Instances: ${readsFrom}.`);

    const probe = await fetch(`${cluster.url}/api/services?search=x&sort=best`);
    const sorts = probe.status === 200 ? [...SORTS, 'best'] : SORTS;
    const signedIn = () => ({ authorization: `Bearer ${pick(fixtures.customers).token}` });
    const get = (path, headers) => () => ({ method: 'GET', path: path(), ...(headers ? { headers: headers() } : {}) });
    const scenarios = [
      { name: 'browse, varied (visitor)', next: get(() => browsePath(sorts)) },
      { name: 'header search, varied (visitor)', next: get(headerSearchPath) },
      { name: 'browse, varied (signed in)', next: get(() => browsePath(sorts), signedIn) },
      { name: 'header search, varied (signed in)', next: get(headerSearchPath, signedIn) },
      { name: 'a service page, rendered', next: get(() => publicPagePath(fixtures.pages.services)) },
      { name: 'All Services page, rendered, varied', next: get(() => allServicesPagePath(sorts)) },
    ];
    const sizes = [1, 2, 3];
    const loadBefore = os.loadavg()[0];
    console.log(`Load average (1 min) of the machine: ${loadBefore.toFixed(1)}\n`);
    const results = new Map(scenarios.map((s) => [s.name, {}]));
    for (const n of sizes) {
      await cluster.balance(n);
      console.log(`HAProxy over ${n} instance${n > 1 ? 's' : ''}:`);
      for (const sc of scenarios) {
        const m = await measure(cluster.url, sc.next, load);
        results.get(sc.name)[n] = m;
        console.log(
          `  ${sc.name}: ${Math.round(m.rps)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms, ${m.errors} errors (${m.timeouts} timeouts), ${m.non2xx} non-2xx, ${(m.distinct * 100).toFixed(1)} % distinct URLs`,
        );
        if (m.non2xx > 0) {
          const codes = Object.entries(m.statuses).filter(([code]) => !code.startsWith('2'));
          console.log(`    non-2xx answers: ${codes.map(([code, v]) => `${code} × ${v.count}`).join(', ')}`);
        }
        const down = Object.entries(await cluster.haproxy.states()).filter(([, state]) => state !== 'UP');
        if (down.length)
          console.log(`    HAProxy had taken out: ${down.map(([name, state]) => `${name} (${state})`).join(', ')}`);
        await settle(`${cluster.url}/api/services/${pick(fixtures.services)}`, signedIn());
      }
    }
    const loadAfter = os.loadavg()[0];

    const row = (cells) => `| ${cells.join(' | ')} |`;
    const head = [
      'scenario',
      ...sizes.flatMap((n) => [`${n}: req/s`, `${n}: p50 / p99 ms`]),
      'errors, non-2xx',
      '2 vs 1',
      '3 vs 1',
    ];
    const lines = [row(head), row(head.map((_, i) => (i === 0 ? '---' : '---:')))];
    for (const sc of scenarios) {
      const r = results.get(sc.name);
      const bad = sizes.reduce((sum, n) => sum + r[n].errors + r[n].non2xx, 0);
      lines.push(
        row([
          sc.name,
          ...sizes.flatMap((n) => [Math.round(r[n].rps), `${r[n].p50} / ${r[n].p99}`]),
          bad,
          (r[2].rps / r[1].rps).toFixed(2),
          (r[3].rps / r[1].rps).toFixed(2),
        ]),
      );
    }
    const figures = lines.join('\n');
    console.log(`\n${figures}`);

    if (write) {
      const cpu = os.cpus();
      const machine = `${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB memory`;
      const file = writeClusterSection(
        root,
        `
Run on ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC. Machine: ${machine}; Node.js ${process.version}; PostgreSQL ${fixtures.postgres}.
Load average (1 min): ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after (other work shares the cores).

The cluster of \`npm run cluster\` (its own PostgreSQL primary and streaming replica, Redis, server
instances in processes of their own in production mode, micro-cache on as shipped) on a catalogue
of ${services.toLocaleString('en')} services; ${readsFrom}. HAProxy balances round robin over the first 1, 2 and then 3
instances (the others idle), ${load.connections} connections, ${load.duration} s per scenario after ${load.warmup} s of warm-up; the
scenarios draw every request afresh as in the sections above (browse: ${describeMix(BROWSE_MIX)};
header search: ${describeMix(HEADER_MIX)}); the rendered pages as in \`npm run bench\` (a service's
canonical page at random, All Services with the browse draw's query, half of each in Bangla). "2 vs 1" and "3 vs 1" are the req/s against one instance.

Command: \`npm run bench -- --cluster --services ${services}\`

${figures}

**On 2 cores the machine is the limit, not the instance count.** Every instance, HAProxy, both
PostgreSQL servers, Redis and autocannon share the same two cores: one instance already keeps them
busy (Node's event loop on one core, PostgreSQL and the load generator on the other), so a second
or third instance adds processes competing for the same cores, not CPU. The ratios measure that
sharing and HAProxy's hop; they do not show how Meramot scales on machines of their own, where each
instance brings its own cores and the database is the shared part (the read replica takes the
visitors' reads off the primary). With a load average above the number of cores (printed
above), other work has much of the machine too, and every figure of the run is low and noisy.
`,
      );
      console.log(`\nWritten to ${file}`);
    }
  } finally {
    await stop();
  }
}
