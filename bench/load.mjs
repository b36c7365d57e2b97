/**
 * Drives one scenario of `npm run bench` with autocannon. autocannon calls `setupRequest` before
 * every request it sends (its request iterator rebuilds a request that has one), so `next()` is
 * drawn once per call; this module counts the calls, the distinct URLs among them (warm-up
 * included, so a URL of the warm-up met again counts as a repeat) and the answers the server's
 * micro-cache gave (its `x-cache` header), which shows what a figure is made of.
 */
import autocannon from 'autocannon';

function run(base, next, { connections, duration }, seen, counts) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: base,
        connections,
        duration,
        requests: [
          {
            setupRequest: (req) => {
              const request = next();
              counts.calls++;
              if (!seen.has(request.path)) {
                seen.add(request.path);
                counts.fresh++;
              }
              return { ...req, ...request };
            },
            onResponse: (_status, _body, _context, headers) => {
              if (headers['x-cache']) counts.cached++;
            },
          },
        ],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

/**
 * Warms up, then measures for `duration` seconds. Returns req/s, p50, p99 (ms) of the answered
 * requests, errors (connection errors and timeouts) and among them the timeouts (no answer within
 * autocannon's 10 s), non-2xx answers, the share of the measured calls whose URL was new, and the
 * share answered by the micro-cache.
 */
export async function measure(base, next, { connections, duration, warmup }) {
  const seen = new Set();
  if (warmup > 0) await run(base, next, { connections, duration: warmup }, seen, { calls: 0, fresh: 0, cached: 0 });
  const counts = { calls: 0, fresh: 0, cached: 0 };
  const r = await run(base, next, { connections, duration }, seen, counts);
  return {
    rps: r.requests.average,
    /** Bytes of the answers a second (autocannon's throughput). */
    bytesPerSecond: r.throughput.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    sent: r.requests.sent,
    calls: counts.calls,
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
    /** Answers by status code ({ "200": { count } , ... }), as autocannon counts them. */
    statuses: r.statusCodeStats ?? {},
    distinct: counts.calls ? counts.fresh / counts.calls : 0,
    cached: r.requests.total ? counts.cached / r.requests.total : 0,
  };
}

/**
 * Waits until the server is done with what a scenario left behind (requests autocannon gave up on
 * still run on the server): until `url` answers within a second, for at most `limitSeconds`.
 * Returns the seconds waited.
 */
export async function settle(url, headers, limitSeconds = 180) {
  const started = Date.now();
  while (Date.now() - started < limitSeconds * 1000) {
    const asked = Date.now();
    try {
      const res = await fetch(url, { headers, signal: AbortSignal.timeout(30_000) });
      await res.arrayBuffer();
      if (Date.now() - asked < 1000) break;
    } catch {
      // still busy
    }
  }
  return (Date.now() - started) / 1000;
}

/**
 * Waits until the server answers searches from its in-memory index (`X-Search-Index: on`), for
 * at most `limitMs`; `off` (turned off) ends the wait too. Returns the seconds waited.
 */
export async function waitForSearchIndex(base, limitMs) {
  const started = Date.now();
  for (;;) {
    const res = await fetch(`${base}/api/search/${Date.now().toString(36)}?limit=1`);
    await res.arrayBuffer();
    const state = res.headers.get('x-search-index');
    if (state !== 'building') return (Date.now() - started) / 1000;
    if (Date.now() - started > limitMs) throw new Error(`The search index was not built within ${limitMs / 1000} s.`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
