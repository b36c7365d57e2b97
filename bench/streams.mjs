/**
 * Live event streams for `npm run bench` (issue 19): many `GET /api/events` streams (Server-Sent
 * Events, `Authorization: Bearer`) open on the one server of the run, and events raised for the
 * people who hold them while the varied browsing runs against the same server.
 *
 * The streams are held by a client process of their own (this file, run with `--client`): raw TCP
 * sockets writing the GET and parsing the chunked HTTP body and the SSE frames by hand (a few KB a
 * stream, where an http.Agent would keep much more), so the bench's own process, which runs
 * autocannon, is not the one reading 10,000 sockets. The same client makes the writes that raise
 * the events, so the moment a write is sent and the moment its events arrive are read on one
 * clock. The writes, `WRITERS` at a time, one after another: a message on a booking of two stream
 * holders (drawn as in bench/messages.mjs, within the per-person limit; events: `message` to the
 * author's streams and to the other party's, then the other party's `notification`), and every
 * fourth, while any is left, a provider moving a pending booking to working (the customer's
 * `notification`). A delivery is one event arriving on one stream; its delay is from the moment the
 * write was sent (and, reported too, from its answer). Every delivery expected from each write is
 * counted, so a lost event shows as "missing".
 *
 * The server's memory is read through a handler the bench adds to its process (MEMORY_PROBE_ARGS:
 * SIGUSR2 runs two full garbage collections and prints process.memoryUsage()), before the streams
 * are opened, once they are all open, and after they are closed.
 */
import { execFileSync, spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { StringDecoder } from 'node:string_decoder';
import { fileURLToPath } from 'node:url';
import { messageDrawer, messageTag } from './messages.mjs';

const here = fileURLToPath(import.meta.url);
/** Writes in flight at once, from the client holding the streams. */
export const WRITERS = 8;
/** Streams opened at once (each waits for its `ready` event). */
const OPENING = 200;

/**
 * Node options for the server: `gc()` exposed and a SIGUSR2 handler that prints the memory after
 * collecting. Four full collections 100 ms apart: what a closed socket held is let go by native
 * weak callbacks that run in a later task, so collections in one tick leave it counted (measured:
 * 10,000 closed streams still showed 120 MB of heap after two collections back to back, 0 after these).
 */
export const MEMORY_PROBE_ARGS = [
  '--expose-gc',
  '--import',
  'data:text/javascript,process.on("SIGUSR2",async()=>{for(let i=0;i<4;i++){globalThis.gc();await new Promise((r)=>setTimeout(r,100))}const sockets=process.getActiveResourcesInfo().filter((r)=>r==="TCPSocketWrap").length;process.stdout.write("BENCH-MEMORY "+JSON.stringify({...process.memoryUsage(),sockets})+"\\n")})',
];

/**
 * The command that runs `command args` with at least `needed` file descriptors: as is when the
 * soft limit is enough, else through bash raising it (up to the hard limit; throws beyond it).
 * Node itself raises its soft limit to the hard one at start-up (so its children inherit that),
 * which leaves the hard limit (`ulimit -Hn`) as the one that counts.
 */
export function withFileLimit(command, args, needed) {
  const limit = (flag) =>
    execFileSync('bash', ['-c', `ulimit ${flag}`])
      .toString()
      .trim();
  const soft = limit('-Sn');
  const hard = limit('-Hn');
  const n = (v) => (v === 'unlimited' ? Infinity : Number(v));
  if (n(soft) >= needed) return { command, args };
  if (n(hard) < needed) {
    throw new Error(
      `${needed} open files are needed and the hard limit is ${hard} (ulimit -Hn): raise it, or use --streams with fewer.`,
    );
  }
  return { command: 'bash', args: ['-c', `ulimit -n ${needed} && exec "$0" "$@"`, command, ...args] };
}

/** The server's memory after two full collections, and its open TCP sockets (the server runs with MEMORY_PROBE_ARGS). */
export function serverMemory(server) {
  return new Promise((resolve, reject) => {
    let seen = '';
    const onData = (d) => {
      seen += d;
      const m = /BENCH-MEMORY (\{[^\n]*\})\n/.exec(seen);
      if (!m) return;
      server.stdout.off('data', onData);
      clearTimeout(timer);
      resolve(JSON.parse(m[1]));
    };
    const timer = setTimeout(() => {
      server.stdout.off('data', onData);
      reject(new Error('The server did not report its memory (was it started with MEMORY_PROBE_ARGS?)'));
    }, 30_000);
    server.stdout.on('data', onData);
    server.kill('SIGUSR2');
  });
}

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : null;
const sortedOf = (values) => Float64Array.from(values).sort();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const MB = 2 ** 20;

// ---------------------------------------------------------------------------------------------
// The bench's side.

/**
 * The "streams" scenario. `live` is fixtures.live (people with tokens, bookings as pairs);
 * `streams` how many to open. The people holding them are the first of `live.people` (customers
 * and providers of the bookings, in the bookings' order), one stream each when there are enough,
 * else the streams are spread over them (tabs), at most `perPerson` each (LIVE_STREAMS_PER_USER).
 * Answers the table rows (the service page with the streams open, the browsing while events flow)
 * and `live`, the figures of the streams.
 */
export async function benchStreams({
  names,
  base,
  server,
  live,
  streams,
  perPerson,
  perMinute,
  tag,
  drawer,
  load,
  servicePage,
  browse,
  measure,
  settle,
  log = console.log,
}) {
  const holders = Math.min(streams, live.people.length);
  const tabs = Math.ceil(streams / holders);
  if (tabs > perPerson) {
    throw new Error(
      `${streams} streams need at least ${Math.ceil(streams / perPerson)} people at ${perPerson} each; the database has ${live.people.length} (seed more services).`,
    );
  }
  const livePairs = live.pairs.filter((p) => p.customer < holders && p.provider < holders);
  const { command, args } = withFileLimit(process.execPath, [here, '--client'], streams + 1024);
  const client = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const replies = [];
  const waiting = [];
  client.on('message', (msg) => (waiting.length ? waiting.shift()(msg) : replies.push(msg)));
  const exited = new Promise((resolve) => client.once('exit', resolve));
  const receive = async () => {
    const reply = await Promise.race([
      new Promise((resolve) => (replies.length ? resolve(replies.shift()) : waiting.push(resolve))),
      exited.then((code) => ({ type: 'error', error: `the stream client exited (${code})` })),
    ]);
    if (reply.type === 'error') throw new Error(`Stream client: ${reply.error}`);
    return reply;
  };
  const ask = (msg) => {
    client.send(msg);
    return receive();
  };
  try {
    const url = new URL(base);
    await ask({
      type: 'init',
      host: url.hostname,
      port: Number(url.port),
      streams,
      people: live.people.slice(0, holders),
      pairs: livePairs,
      perMinute,
      tag,
      recent: drawer.recent(),
      writers: WRITERS,
    });
    const before = await serverMemory(server);
    log(`  streams: opening ${streams.toLocaleString('en')} for ${holders.toLocaleString('en')} people...`);
    const opened = await ask({ type: 'open' });
    await sleep(1000);
    const open = await serverMemory(server);
    open.openedSockets = open.sockets - before.sockets;
    const perStream = (key) => (open[key] - before[key]) / Math.max(1, opened.opened);
    log(
      `    ${opened.opened} open in ${opened.seconds.toFixed(1)} s (${
        Object.entries(opened.failed)
          .map(([k, v]) => `${v} ${k}`)
          .join(', ') || 'none failed'
      }); server RSS ${(before.rss / MB).toFixed(0)} → ${(open.rss / MB).toFixed(0)} MB ` +
        `(${(perStream('rss') / 1024).toFixed(1)} KB a stream), heap ${(before.heapUsed / MB).toFixed(0)} → ${(open.heapUsed / MB).toFixed(0)} MB ` +
        `(${(perStream('heapUsed') / 1024).toFixed(1)} KB a stream); ${open.openedSockets} more sockets open on the server`,
    );

    const memLine = (m) =>
      `server RSS ${(m.rss / MB).toFixed(0)} MB, heap ${(m.heapUsed / MB).toFixed(0)} MB, ${m.sockets} sockets`;
    const idle = await measure(base, servicePage, load);
    await settle();
    const alone = (await ask({ type: 'phase', name: 'events alone', startInMs: 0, seconds: load.duration })).report;
    log(`    events alone: ${describePhase(alone)}`);
    await settle();
    // Writes start when autocannon's warm-up ends and stop with it.
    client.send({ type: 'phase', name: 'while browsing', startInMs: load.warmup * 1000, seconds: load.duration });
    const browsing = await measure(base, browse, load);
    const during = await receive();
    log(`    events while browsing: ${describePhase(during.report)}`);
    const closed = await ask({ type: 'close' });
    // Read the memory once the server has closed its side of the streams (at most a minute).
    let after;
    for (const started = Date.now(); Date.now() - started < 60_000; await sleep(1000)) {
      after = await serverMemory(server);
      if (after.sockets <= before.sockets + 50) break;
    }
    log(`    streams closed: ${memLine(after)}`);
    const summary = {
      streams,
      holders,
      tabs: { min: Math.floor(streams / holders), max: tabs },
      livePairs: livePairs.length,
      writers: WRITERS,
      connections: load.connections,
      opened,
      dropped: closed.dropped,
      memory: {
        before,
        open,
        after,
        perStream: { rss: perStream('rss'), heapUsed: perStream('heapUsed'), external: perStream('external') },
      },
      phases: [alone, during.report],
    };
    return [
      { name: names.idle, role: 'other', result: idle },
      { name: names.browsing, role: 'streams', result: browsing, live: summary },
    ];
  } finally {
    if (client.exitCode === null) client.kill('SIGTERM');
    await exited;
  }
}

function describePhase(r) {
  return (
    `${r.writes} writes (${r.writesPerSecond.toFixed(0)}/s, p99 ${r.writeP99?.toFixed(0)} ms, ${r.failedWrites} failed), ` +
    `${r.delivered} of ${r.expected} events delivered (${r.eventsPerSecond.toFixed(0)}/s), delay from the write p50 ${r.delay.p50?.toFixed(0)} / ` +
    `p99 ${r.delay.p99?.toFixed(0)} / max ${r.delay.max?.toFixed(0)} ms, from its answer p99 ${r.fromAnswerP99?.toFixed(0)} ms`
  );
}

const KB = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (x) => (x == null ? '' : Math.round(x));

/** The streams' figures as Markdown for docs/performance.md. */
export function liveReport(row) {
  const s = row.live;
  const m = s.memory;
  const failed = Object.entries(s.opened.failed);
  const layout =
    s.tabs.max === 1
      ? `${s.holders.toLocaleString('en')} people, one stream each`
      : `${s.holders.toLocaleString('en')} people, ${s.tabs.min}-${s.tabs.max} streams (tabs) each`;
  const phaseRow = (p) =>
    `| ${p.name} | ${p.writes} (${p.messages} messages, ${p.statusChanges} status changes) | ${p.writesPerSecond.toFixed(0)} | ${ms(p.writeP99)} | ${p.failedWrites} | ${p.delivered} of ${p.expected} | ${p.eventsPerSecond.toFixed(0)} | ${ms(p.delay.p50)} / ${ms(p.delay.p99)} / ${ms(p.delay.max)} | ${ms(p.notificationP99)} | ${ms(p.fromAnswerP99)} |`;
  return `Live event streams: ${s.streams.toLocaleString('en')} streams of \`GET /api/events\` on the server of this run (${layout}; ${s.livePairs.toLocaleString('en')} bookings between them),
held by a client process of raw sockets; ${s.opened.opened.toLocaleString('en')} opened in ${s.opened.seconds.toFixed(1)} s, ${OPENING} at a time${failed.length ? ` (failed: ${failed.map(([k, v]) => `${v} ${k}`).join(', ')})` : ''} (the server then held ${m.open.openedSockets.toLocaleString('en')} more TCP sockets), ${s.dropped} closed by the server before the end.
Server memory (after full garbage collections): RSS ${(m.before.rss / MB).toFixed(0)} MB before opening, ${(m.open.rss / MB).toFixed(0)} MB with them open, ${(m.after.rss / MB).toFixed(0)} MB after closing them;
heap used ${(m.before.heapUsed / MB).toFixed(0)} → ${(m.open.heapUsed / MB).toFixed(0)} → ${(m.after.heapUsed / MB).toFixed(0)} MB. **Per stream: ${KB(m.perStream.rss)} of RSS, ${KB(m.perStream.heapUsed)} of heap** (${KB(m.perStream.external)} external).
Events: ${s.writers} writes at a time from the client holding the streams, one after another for ${s.phases[0].seconds} s, alone and then during the measured
${s.phases[1].seconds} s of "${row.name}" (the varied browse mix, drawn fresh, ${s.connections} connections): messages on those bookings (each: \`message\` to the
author's and the other party's streams, the other's \`notification\`) and every fourth a pending booking moved to working (the customer's
\`notification\`). A delivery is one event arriving on one stream; its delay runs from the moment the write was sent (and from its answer).

| events | writes | writes/s | write p99 ms | failed writes | delivered | events/s | delay p50 / p99 / max ms | notifications p99 ms | p99 from the answer ms |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${s.phases.map(phaseRow).join('\n')}`;
}

// ---------------------------------------------------------------------------------------------
// The client: holds the streams, makes the writes, times the deliveries.

async function runClient() {
  let cfg;
  let drawer;
  let agent;
  const streams = [];
  let dropped = 0;
  let closing = false;
  const bySeq = new Map();
  const byBooking = new Map();
  let tagPattern;
  const holderTabs = [];
  let statusQueue = [];

  const reply = (msg) => process.send(msg);

  function deliver(rec, at, kind) {
    if (!rec) return;
    const ph = rec.phase;
    rec.delivered++;
    ph.delivered++;
    ph.fromSend.push(at - rec.sentAt);
    ph.arrivals.push(rec, at);
    if (kind === 'notification') ph.notifications.push(at - rec.sentAt);
    if (at > ph.lastArrival) ph.lastArrival = at;
  }

  function onEvent(type, data, at) {
    if (type === 'message') {
      const m = tagPattern.exec(JSON.parse(data).message?.body ?? '');
      if (m) deliver(bySeq.get(Number(m[1])), at, 'message');
    } else if (type === 'notification') {
      const n = JSON.parse(data).notification;
      if (n?.kind === 'message_received') {
        const m = tagPattern.exec(n.excerpt ?? '');
        if (m) deliver(bySeq.get(Number(m[1])), at, 'notification');
      } else if (n?.kind === 'booking_working') {
        deliver(byBooking.get(n.bookingId), at, 'notification');
      }
    }
  }

  /** One stream: the GET written by hand, the chunked body and the SSE frames parsed as they come. */
  function openStream(person) {
    return new Promise((resolve) => {
      const socket = net.connect({ host: cfg.host, port: cfg.port });
      const stream = { person, socket, ready: false };
      let settled = false;
      const done = (outcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(outcome);
      };
      const timer = setTimeout(() => {
        socket.destroy();
        done('timed out (60 s)');
      }, 60_000);
      socket.setNoDelay(true);
      socket.on('connect', () =>
        socket.write(
          `GET /api/events HTTP/1.1\r\nHost: ${cfg.host}:${cfg.port}\r\nAuthorization: Bearer ${cfg.people[person].token}\r\nAccept: text/event-stream\r\n\r\n`,
        ),
      );
      let head = true;
      let chunked = false;
      let buf = null;
      let state = 0; // 0: chunk size line, 1: chunk data, 2: the CRLF after it, 3: the last chunk came
      let left = 0;
      const decoder = new StringDecoder('utf8');
      let text = '';
      socket.on('data', (chunk) => {
        const at = performance.now();
        buf = buf ? Buffer.concat([buf, chunk]) : chunk;
        if (head) {
          const end = buf.indexOf('\r\n\r\n');
          if (end < 0) return;
          const headers = buf.toString('latin1', 0, end);
          const status = Number(headers.slice(9, 12));
          if (status !== 200) {
            socket.destroy();
            return done(`HTTP ${status}`);
          }
          chunked = /\r\ntransfer-encoding:\s*chunked/i.test(headers);
          buf = buf.subarray(end + 4);
          head = false;
        }
        if (!chunked) {
          text += decoder.write(buf);
          buf = null;
        } else {
          let pos = 0;
          while (pos < buf.length && state !== 3) {
            if (state === 0) {
              const nl = buf.indexOf('\r\n', pos);
              if (nl < 0) break;
              left = parseInt(buf.toString('latin1', pos, nl), 16);
              pos = nl + 2;
              state = left === 0 ? 3 : 1;
            } else {
              const n = Math.min(left, buf.length - pos);
              if (state === 1) text += decoder.write(buf.subarray(pos, pos + n));
              pos += n;
              left -= n;
              if (left === 0) {
                if (state === 1) {
                  state = 2;
                  left = 2;
                } else state = 0;
              }
            }
          }
          buf = pos < buf.length ? buf.subarray(pos) : null;
        }
        let sep;
        while ((sep = text.indexOf('\n\n')) >= 0) {
          const frame = text.slice(0, sep);
          text = text.slice(sep + 2);
          let type = 'message';
          let data = '';
          for (const line of frame.split('\n')) {
            if (line.startsWith('event: ')) type = line.slice(7);
            else if (line.startsWith('data: ')) data += line.slice(6);
          }
          if (!data) continue;
          if (type === 'ready') {
            stream.ready = true;
            streams.push(stream);
            done('opened');
          } else onEvent(type, data, at);
        }
      });
      socket.on('error', () => undefined);
      socket.on('close', () => {
        if (stream.ready && !closing) dropped++;
        done('closed before ready');
      });
    });
  }

  async function openAll() {
    const started = performance.now();
    const failed = {};
    let next = 0;
    const holders = cfg.people.length;
    await Promise.all(
      Array.from({ length: Math.min(OPENING, cfg.streams) }, async () => {
        while (next < cfg.streams) {
          const person = next++ % holders;
          const outcome = await openStream(person);
          if (outcome !== 'opened') failed[outcome] = (failed[outcome] ?? 0) + 1;
        }
      }),
    );
    for (const s of streams) holderTabs[s.person] = (holderTabs[s.person] ?? 0) + 1;
    return {
      opened: streams.length,
      failed,
      seconds: (performance.now() - started) / 1000,
      clientRss: process.memoryUsage().rss,
    };
  }

  function send(method, urlPath, token, body) {
    return new Promise((resolve) => {
      const req = http.request(
        {
          host: cfg.host,
          port: cfg.port,
          method,
          path: urlPath,
          agent,
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode));
        },
      );
      req.setTimeout(10_000, () => req.destroy());
      req.on('error', () => resolve(0));
      req.end(body);
    });
  }

  async function writer(ph, endAt) {
    while (performance.now() < endAt) {
      let rec;
      if (ph.writes.length % 4 === 3 && statusQueue.length) {
        const pair = statusQueue.pop();
        rec = { phase: ph, kind: 'status', expected: holderTabs[pair.customer] ?? 0, delivered: 0 };
        byBooking.set(pair.booking, rec);
        ph.writes.push(rec);
        rec.sentAt = performance.now();
        rec.status = await send(
          'PUT',
          `/api/bookings/${pair.booking}/status`,
          cfg.people[pair.provider].token,
          '{"status":"working"}',
        );
      } else {
        const m = drawer.next();
        if (!m) {
          await sleep(20);
          continue;
        }
        rec = {
          phase: ph,
          kind: 'message',
          expected: (holderTabs[m.author] ?? 0) + 2 * (holderTabs[m.other] ?? 0),
          delivered: 0,
        };
        bySeq.set(m.seq, rec);
        ph.writes.push(rec);
        rec.sentAt = performance.now();
        rec.status = await send(
          'POST',
          `/api/bookings/${m.bookingId}/messages`,
          m.token,
          JSON.stringify({ body: m.body }),
        );
      }
      rec.answeredAt = performance.now();
    }
  }

  async function runPhase({ name, startInMs, seconds }) {
    await sleep(startInMs);
    const ph = {
      name,
      writes: [],
      delivered: 0,
      fromSend: [],
      notifications: [],
      arrivals: [],
      lastArrival: 0,
      startedAt: performance.now(),
    };
    const endAt = ph.startedAt + seconds * 1000;
    await Promise.all(Array.from({ length: cfg.writers }, () => writer(ph, endAt)));
    const ended = performance.now();
    const ok = ph.writes.filter((w) => w.status >= 200 && w.status < 300);
    const expected = ok.reduce((n, w) => n + w.expected, 0);
    // The events of the last writes: at most 10 s more.
    while (ph.delivered < expected && performance.now() - ended < 10_000) await sleep(50);
    const statuses = {};
    for (const w of ph.writes) statuses[w.status] = (statuses[w.status] ?? 0) + 1;
    const latency = sortedOf(ph.writes.map((w) => w.answeredAt - w.sentAt));
    const fromSend = sortedOf(ph.fromSend);
    const fromAnswer = [];
    for (let i = 0; i < ph.arrivals.length; i += 2) fromAnswer.push(ph.arrivals[i + 1] - ph.arrivals[i].answeredAt);
    const fromAnswerSorted = sortedOf(fromAnswer);
    const span = Math.max(ph.lastArrival, ended) - ph.startedAt;
    const report = {
      name,
      seconds,
      writes: ph.writes.length,
      messages: ph.writes.filter((w) => w.kind === 'message').length,
      statusChanges: ph.writes.filter((w) => w.kind === 'status').length,
      statuses,
      failedWrites: ph.writes.length - ok.length,
      writesPerSecond: ph.writes.length / ((ended - ph.startedAt) / 1000),
      writeP50: percentile(latency, 50),
      writeP99: percentile(latency, 99),
      expected,
      delivered: ph.delivered,
      missing: ok.reduce((n, w) => n + Math.max(0, w.expected - w.delivered), 0),
      duplicates: ph.writes.reduce((n, w) => n + Math.max(0, w.delivered - w.expected), 0),
      eventsPerSecond: ph.delivered / (span / 1000),
      delay: { p50: percentile(fromSend, 50), p99: percentile(fromSend, 99), max: fromSend.at(-1) ?? null },
      notificationP99: percentile(sortedOf(ph.notifications), 99),
      fromAnswerP50: percentile(fromAnswerSorted, 50),
      fromAnswerP99: percentile(fromAnswerSorted, 99),
      dropped,
    };
    return report;
  }

  process.on('message', async (msg) => {
    try {
      if (msg.type === 'init') {
        cfg = msg;
        agent = new http.Agent({ keepAlive: true, maxSockets: cfg.writers });
        drawer = messageDrawer(cfg.pairs, cfg.people, { perMinute: cfg.perMinute, tag: cfg.tag, recent: cfg.recent });
        tagPattern = messageTag(cfg.tag);
        statusQueue = cfg.pairs.filter((p) => p.status === 'pending');
        reply({ type: 'init' });
      } else if (msg.type === 'open') {
        reply({ type: 'open', ...(await openAll()) });
      } else if (msg.type === 'phase') {
        reply({ type: 'phase', report: await runPhase(msg) });
      } else if (msg.type === 'close') {
        closing = true;
        for (const s of streams) s.socket.destroy();
        agent.destroy();
        reply({ type: 'close', dropped });
        process.disconnect();
      }
    } catch (err) {
      reply({ type: 'error', error: err instanceof Error ? err.stack : String(err) });
    }
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === here && process.argv.includes('--client')) {
  await runClient();
}
