/**
 * Photos for `npm run bench` (issue 23): processing a phone photo and serving its variants, through
 * the server of the run.
 *
 * The photo is made here, at bench time (no download): a 4000 × 3000 JPEG at quality 90 as a
 * phone takes it, turned (EXIF orientation 6) and carrying its camera and GPS position in EXIF, of
 * gradients, shapes and grain of three sizes (sharp) so that it compresses like a photo (3-5 MB).
 * Every upload is a copy of it with a patch of pixels of its own, so its variants are new files (the
 * store names them by content hash) and the pool of variants served grows with every upload.
 *
 * - "upload and process, 1 at a time" and "4 at once": `POST /api/photos` (multipart, a customer's
 *   bearer token) from 1 and 4 clients, each sending its next photo once the last was answered;
 *   per-upload latency (from the request sent to the answer read) p50 / p99 / max and uploads a
 *   second over the batch. Meanwhile the server's event loop is probed (`/photos/probe`: a 404
 *   that touches neither the disk nor the database) and its resident memory read (/proc, Linux).
 * - "serving random variants": `GET /photos/{key}` with autocannon, a variant of the uploaded
 *   photos drawn afresh per request (bench/load.mjs `measure`).
 *
 * The photos the benchmark uploaded are deleted through the API at the end (`cleanup`).
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { references, table } from './report.mjs';

export const PHOTOS = {
  single: 'photos: upload and process a 4000×3000 JPEG, 1 at a time',
  together: 'photos: upload and process a 4000×3000 JPEG, 4 at once',
  serving: 'photos: serving random variants',
};
/** The image library's versions, for the report. */
export const SHARP = `sharp ${sharp.versions.sharp} (libvips ${sharp.versions.vips})`;
/** Measured uploads of each scenario (one more before them, not measured, warms the server up). */
const UPLOADS = { single: 12, together: 40 };
/** At least this many photos' variants are served (uploaded first when the upload scenarios did not run). */
const POOL = 30;
/** The server's PROCESSING_AT_ONCE (apps/server/src/routes/photos/photos.service.ts), worked out alike. */
const SERVER_AT_ONCE = Math.max(1, Math.min(4, os.availableParallelism()));

const WIDTH = 4000;
const HEIGHT = 3000;
const QUALITY = 90;
const ORIENTATION = 6;
/** What a phone writes (a part of it): camera, time, and the GPS position (Mirpur, Dhaka). */
const EXIF = {
  IFD0: { Make: 'PhoneMaker', Model: 'Phone 12', Software: 'PhoneOS 17.2', DateTime: '2026:11:20 16:42:07' },
  IFD2: { DateTimeOriginal: '2026:11:20 16:42:07', ExposureTime: '1/120', FNumber: '18/10', ISOSpeedRatings: '64' },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '23/1 48/1 2814/100',
    GPSLongitudeRef: 'E',
    GPSLongitude: '90/1 21/1 4477/100',
  },
};
/** The patch that makes each upload's pixels its own. */
const PATCH = 48;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : null;
const sortedOf = (values) => Float64Array.from(values).sort();
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const ms = (x) => (x == null ? '-' : `${Math.round(x)}`);

/** A layer of gaussian noise `w` × `h`, enlarged to the photo's size: grain, texture or light. */
async function noiseLayer(w, h, sigma, { grey, kernel, blend }) {
  let layer = sharp({ create: { width: w, height: h, channels: 3, noise: { type: 'gaussian', mean: 128, sigma } } });
  if (grey) layer = layer.greyscale();
  const { data, info } = await layer
    .resize(WIDTH, HEIGHT, { kernel })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { input: data, raw: { width: info.width, height: info.height, channels: info.channels }, blend };
}

/**
 * The phone photo's pixels (raw RGB): a sky's gradient with the sun's glow over darker ground
 * scattered with shapes, then light and colour that vary slowly, a texture and a fine grain.
 */
async function photoPixels() {
  let seed = 20261120;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const shapes = Array.from({ length: 70 }, () => {
    const [x, y] = [random() * WIDTH, 1300 + random() * 1700];
    const [w, h] = [60 + random() * 500, 60 + random() * 600];
    const colour = `rgb(${(60 + random() * 140) | 0},${(50 + random() * 110) | 0},${(30 + random() * 90) | 0})`;
    const turn = random() * 30 - 15;
    return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${random() * 40}" fill="${colour}" transform="rotate(${turn} ${x} ${y})"/>`;
  }).join('');
  const scene = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><defs>` +
      '<linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5b8fc7"/>' +
      '<stop offset="0.42" stop-color="#cfe0ee"/><stop offset="0.45" stop-color="#6e7f4e"/><stop offset="1" stop-color="#3e3224"/></linearGradient>' +
      '<radialGradient id="sun" cx="0.75" cy="0.2" r="0.25"><stop offset="0" stop-color="#fff6d8" stop-opacity="0.9"/>' +
      '<stop offset="1" stop-color="#fff6d8" stop-opacity="0"/></radialGradient></defs>' +
      `<rect width="100%" height="100%" fill="url(#g)"/><rect width="100%" height="100%" fill="url(#sun)"/>${shapes}</svg>`,
  );
  return sharp(scene)
    .composite([
      await noiseLayer(16, 12, 25, { grey: false, kernel: 'cubic', blend: 'soft-light' }),
      await noiseLayer(60, 45, 40, { grey: true, kernel: 'cubic', blend: 'soft-light' }),
      await noiseLayer(600, 450, 25, { grey: true, kernel: 'cubic', blend: 'overlay' }),
      await noiseLayer(WIDTH, HEIGHT, 14, { grey: true, kernel: 'nearest', blend: 'overlay' }),
    ])
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
}

/** The photo as the phone saves it, with a patch of its own (none for the original). */
function asJpeg(pixels, patch) {
  return sharp(pixels.data, { raw: pixels.info })
    .composite(
      patch
        ? [{ input: { create: { width: PATCH, height: PATCH, channels: 3, background: patch.colour } }, ...patch.at }]
        : [],
    )
    .jpeg({ quality: QUALITY })
    .withMetadata({ orientation: ORIENTATION })
    .withExifMerge(EXIF)
    .toBuffer();
}

/** A patch nowhere else: its place from `n` (distinct for every n below 5,000), its colour at random. */
function patchFor(n) {
  const columns = Math.floor(WIDTH / PATCH);
  const cell = (n * 7919) % (columns * Math.floor(HEIGHT / PATCH));
  const channel = () => Math.floor(Math.random() * 256);
  return {
    at: { left: (cell % columns) * PATCH, top: Math.floor(cell / columns) * PATCH },
    colour: { r: channel(), g: channel(), b: channel() },
  };
}

/** The server's resident memory in bytes (Linux: /proc), or null. */
function residentMemory(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * Probes the server every 200 ms until stopped: how long a request that needs nothing but the
 * event loop waits for its answer, and the peak of its resident memory.
 */
function watchServer(base, pid) {
  const delays = [];
  let peak = residentMemory(pid);
  let running = true;
  const loop = (async () => {
    while (running) {
      const asked = performance.now();
      try {
        const res = await fetch(`${base}/photos/probe`);
        await res.arrayBuffer();
        delays.push(performance.now() - asked);
      } catch {
        // counted by the uploads' own errors
      }
      const rss = residentMemory(pid);
      if (rss != null) peak = Math.max(peak ?? 0, rss);
      await sleep(200);
    }
  })();
  return async () => {
    running = false;
    await loop;
    const sorted = sortedOf(delays);
    return {
      probes: sorted.length,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted.at(-1) ?? null,
      rssPeak: peak,
    };
  };
}

/**
 * The photo scenarios of a run, sharing one phone photo and the photos uploaded (the served pool).
 * `tokens`: customers' bearer tokens, taken in turn; `server`: the server's child process (its pid).
 */
export function photoBench({ base, server, tokens, log }) {
  let pixels = null;
  let made = 0;
  let turn = 0;
  const uploaded = [];
  const state = { original: null, variants: null, placeholder: 0, idle: null, runs: {}, serving: null };

  async function prepare() {
    if (pixels) return;
    const started = performance.now();
    pixels = await photoPixels();
    const original = await asJpeg(pixels, null);
    const meta = await sharp(original).metadata();
    state.original = { bytes: original.length, width: meta.width, height: meta.height, exif: meta.exif?.length ?? 0 };
    log(
      `  the phone photo: ${meta.width} × ${meta.height} JPEG, quality ${QUALITY}, ${original.length.toLocaleString('en')} bytes ` +
        `(${(original.length / 2 ** 20).toFixed(2)} MiB), EXIF orientation ${meta.orientation} and ${meta.exif?.length ?? 0} bytes of EXIF ` +
        `(camera, time, GPS position); made in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    // The event loop's answer when the server is idle, for comparison.
    const stop = watchServer(base, server.pid);
    await sleep(2000);
    state.idle = await stop();
  }

  /** `count` uploads' bytes, each the photo with its own patch, made before anything is measured. */
  async function copies(count) {
    const out = [];
    for (let i = 0; i < count; i += 2) {
      const batch = Array.from({ length: Math.min(2, count - i) }, () => asJpeg(pixels, patchFor(made++)));
      out.push(...(await Promise.all(batch)));
    }
    return out;
  }

  async function upload(bytes) {
    const token = tokens[turn++ % tokens.length];
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'image/jpeg' }), `IMG_${String(turn).padStart(4, '0')}.jpg`);
    const sent = performance.now();
    try {
      const res = await fetch(`${base}/api/photos`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      const body = await res.json().catch(() => null);
      const took = performance.now() - sent;
      if (res.status === 201) uploaded.push({ photo: body, token });
      return { took, status: res.status, photo: res.status === 201 ? body : null, body };
    } catch (error) {
      return { took: performance.now() - sent, status: 0, error };
    }
  }

  /** Uploads every one of `images` from `atOnce` clients; answers the answers and the seconds it took. */
  async function uploadAll(images, atOnce) {
    const answers = new Array(images.length);
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: atOnce }, async () => {
        while (next < images.length) {
          const i = next++;
          answers[i] = await upload(images[i]);
        }
      }),
    );
    return { answers, seconds: (performance.now() - started) / 1000 };
  }

  /** The sizes of the first uploaded photo's variants, read back from the server. */
  async function variantSizes(photo) {
    const out = [];
    for (const v of photo.variants) {
      const res = await fetch(`${base}${v.url}`);
      const bytes = (await res.arrayBuffer()).byteLength;
      out.push({ width: v.width, height: v.height, format: v.format, bytes, status: res.status });
    }
    return out;
  }

  /** A table row in the shape of bench/load.mjs `measure`'s (uploads a second as req/s). */
  function asResult(answers, seconds) {
    const ok = answers.filter((a) => a.status === 201);
    const sorted = sortedOf(ok.map((a) => a.took));
    const statuses = {};
    for (const a of answers) if (a.status) statuses[a.status] = { count: (statuses[a.status]?.count ?? 0) + 1 };
    return {
      rps: ok.length / seconds,
      p50: Math.round(percentile(sorted, 50) ?? 0),
      p99: Math.round(percentile(sorted, 99) ?? 0),
      max: Math.round(sorted.at(-1) ?? 0),
      requests: ok.length,
      sent: answers.length,
      calls: answers.length,
      errors: answers.filter((a) => a.status === 0).length,
      timeouts: 0,
      non2xx: answers.filter((a) => a.status !== 0 && (a.status < 200 || a.status > 299)).length,
      statuses,
      // One URL, and every body a photo of its own.
      distinct: 0,
      cached: 0,
    };
  }

  return {
    /** A scenario: `count` uploads from `atOnce` clients. Answers its table row. */
    async uploads(name, key, atOnce) {
      await prepare();
      const count = UPLOADS[key];
      const images = await copies(count + 1);
      const [warm] = (await uploadAll(images.slice(0, 1), 1)).answers;
      if (warm.status !== 201)
        throw new Error(`POST /api/photos answered ${warm.status}: ${JSON.stringify(warm.body)}`);
      if (!state.variants) {
        state.variants = await variantSizes(warm.photo);
        state.placeholder = warm.photo.placeholder.length;
        state.upright = { width: warm.photo.width, height: warm.photo.height };
        log(
          `  its variants (${state.upright.width} × ${state.upright.height} upright): ` +
            state.variants
              .map((v) => `${v.width}×${v.height} ${v.format} ${v.bytes.toLocaleString('en')} B`)
              .join(', ') +
            `; placeholder ${state.placeholder} characters of data URI`,
        );
      }
      const rssBefore = residentMemory(server.pid);
      const stop = watchServer(base, server.pid);
      const { answers, seconds } = await uploadAll(images.slice(1), atOnce);
      const loop = await stop();
      const result = asResult(answers, seconds);
      const failed = answers.filter((a) => a.status !== 201);
      if (failed.length)
        log(
          `    ${failed.length} uploads failed, the first: ${failed[0].status} ${JSON.stringify(failed[0].body ?? String(failed[0].error))}`,
        );
      const run = {
        count,
        atOnce,
        seconds,
        result,
        loop,
        rssBefore,
        bytes: images.slice(1).reduce((n, b) => n + b.length, 0) / count,
      };
      state.runs[key] = run;
      const note =
        `"${name}": ${count} uploads of the phone photo (${(run.bytes / 2 ** 20).toFixed(2)} MiB each, every one with pixels of its own) ` +
        `from ${atOnce} client${atOnce > 1 ? 's' : ''}, each sending its next once answered, after one not measured; the server processes at most ` +
        `${SERVER_AT_ONCE} at once (min(4, cores)). ${result.rps.toFixed(2)} uploads/s over ${seconds.toFixed(1)} s; ` +
        `latency p50 ${result.p50} ms, p99 ${result.p99} ms, max ${result.max} ms` +
        `${count < 100 ? ` (of ${count}, the p99 is the slowest)` : ''}. ` +
        `Meanwhile a request needing only the event loop was answered in p50 ${ms(loop.p50)} / p99 ${ms(loop.p99)} / max ${ms(loop.max)} ms ` +
        `(${loop.probes} probes; idle: p50 ${ms(state.idle.p50)}, max ${ms(state.idle.max)} ms)` +
        `${loop.rssPeak && rssBefore ? `; server resident memory ${mb(rssBefore)} before, at most ${mb(loop.rssPeak)} during` : ''}.`;
      return [{ name, role: 'photo-upload', result, note }];
    },

    /** The scenario of serving: autocannon GETs of a variant drawn per request. Answers its table row. */
    async serving(name, load, measure) {
      if (uploaded.length < POOL) {
        await prepare();
        const images = await copies(POOL - uploaded.length);
        log(`  uploading ${images.length} photos to serve...`);
        const { answers } = await uploadAll(images, SERVER_AT_ONCE);
        const failed = answers.filter((a) => a.status !== 201).length;
        if (failed) log(`    ${failed} uploads failed`);
      }
      const urls = [...new Set(uploaded.flatMap(({ photo }) => photo.variants.map((v) => v.url)))];
      const formats = uploaded.flatMap(({ photo }) => photo.variants.map((v) => v.format));
      log(`  serving ${urls.length} variant files of ${uploaded.length} photos`);
      const next = () => ({ method: 'GET', path: urls[Math.floor(Math.random() * urls.length)] });
      const result = await measure(base, next, load);
      const meanBytes = result.bytesPerSecond && result.rps ? result.bytesPerSecond / result.rps : null;
      const count = (format) => formats.filter((f) => f === format).length;
      state.serving = {
        files: urls.length,
        photos: uploaded.length,
        webp: count('webp'),
        avif: count('avif'),
        meanBytes,
        result,
        connections: load.connections,
      };
      const note =
        `"${name}": \`GET /photos/{key}\`, ${load.connections} connections, each request one of ${urls.length} variant files ` +
        `(${count('webp')} WebP, ${count('avif')} AVIF) of the ${uploaded.length} photos uploaded in this run, ` +
        `drawn afresh (files of the disk store under DATA_DIR, just written)` +
        `${meanBytes ? `: ${kb(meanBytes)} a file on average, ${(result.bytesPerSecond / 2 ** 20).toFixed(0)} MiB/s` : ''}.`;
      return [{ name, role: 'photo-serving', result, note }];
    },

    /** Whether a photo scenario ran (its section is written). */
    get measured() {
      return Boolean(state.serving || Object.keys(state.runs).length);
    },

    /** The "Photos" section of docs/performance.md: the photo, its variants, the runs, and the table with the references. */
    section({ rows, head, command }) {
      const refs = references(rows);
      const lines = [head, '', `Command: \`${command}\``, ''];
      if (state.original) {
        lines.push(
          `The phone photo, made by the benchmark (bench/photos.mjs, sharp: a sky's gradient, shapes on darker ground, light, ` +
            `texture and grain of three sizes, so that it compresses like a photo): ${state.original.width} × ${state.original.height} JPEG ` +
            `at quality ${QUALITY}, ${state.original.bytes.toLocaleString('en')} bytes (${(state.original.bytes / 2 ** 20).toFixed(2)} MiB), ` +
            `EXIF orientation ${ORIENTATION} (a phone held upright) with camera, time and GPS position (${state.original.exif} bytes of EXIF). ` +
            `Each upload is a copy with a ${PATCH} px patch of its own, so its variants are new files.`,
          '',
        );
      }
      if (state.variants) {
        const by = new Map();
        for (const v of state.variants) {
          const k = `${v.width} × ${v.height}`;
          by.set(k, { ...by.get(k), [v.format]: v.bytes });
        }
        const cell = (b) => (b == null ? 'not kept (larger than the WebP)' : `${b.toLocaleString('en')} (${kb(b)})`);
        lines.push(
          `Its variants as the server stored them (${state.upright.width} × ${state.upright.height} upright), in bytes; ` +
            `the placeholder is ${state.placeholder} characters of data URI:`,
          '',
          '| variant | WebP | AVIF |',
          '| --- | ---: | ---: |',
          ...[...by].map(([size, f]) => `| ${size} | ${cell(f.webp)} | ${cell(f.avif)} |`),
          '',
        );
      }
      const runs = Object.values(state.runs);
      if (runs.length) {
        lines.push(
          `Processing: \`POST /api/photos\` (multipart, a customer's bearer token) from 1 and from 4 clients, each sending its ` +
            `next photo once answered, after one upload not measured; latency from the request sent to the answer read (with ` +
            `fewer than 100 uploads the p99 is the slowest one); uploads/s over the whole batch. The server processes at most ` +
            `${SERVER_AT_ONCE} at once here (min(4, cores)), the others wait their turn. "Event loop": a request that needs ` +
            `nothing but the server's event loop (\`/photos/probe\`, a 404), every 200 ms meanwhile (idle: p50 ` +
            `${ms(state.idle?.p50)}, max ${ms(state.idle?.max)} ms); the server's resident memory from /proc.`,
          '',
          '| uploads | at once | uploads/s | p50 ms | p99 ms | failed | event loop p50 / p99 / max ms | server RSS before / peak |',
          '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
          ...runs.map(
            (r) =>
              `| ${r.count} | ${r.atOnce} | ${r.result.rps.toFixed(2)} | ${r.result.p50} | ${r.result.p99} | ` +
              `${r.result.errors + r.result.non2xx} | ${ms(r.loop.p50)} / ${ms(r.loop.p99)} / ${ms(r.loop.max)} | ` +
              `${r.rssBefore ? mb(r.rssBefore) : '-'} / ${r.loop.rssPeak ? mb(r.loop.rssPeak) : '-'} |`,
          ),
          '',
        );
      }
      if (state.serving) {
        const s = state.serving;
        const at = (name) => rows.find((r) => r.name === name)?.result;
        const ref = (name) => {
          const m = at(name);
          return m ? `${Math.round(m.rps)} req/s, p99 ${m.p99} ms` : 'not measured';
        };
        lines.push(
          `Serving random variants: \`GET /photos/{key}\`, ${s.connections} connections, a variant drawn afresh per request from the ` +
            `${s.files} files (${s.webp} WebP, ${s.avif} AVIF) of the ${s.photos} photos uploaded in this run: ` +
            `${Math.round(s.result.rps)} req/s, p50 ${s.result.p50} ms, p99 ${s.result.p99} ms (${s.result.errors + s.result.non2xx} errors and non-2xx${s.meanBytes ? `, ${kb(s.meanBytes)} a file on average, ${(s.result.bytesPerSecond / 2 ** 20).toFixed(0)} MiB/s` : ''}); ` +
            `in the same run the service page ${ref('a service page, before')} before and ${ref('a service page, after')} after` +
            `${refs.servicePage ? ` (serving x${(s.result.rps / refs.servicePage).toFixed(2)} its mean)` : ''}, ` +
            `the ceiling (a bare Fastify route) ${ref('bare Fastify route, before')} before and ${ref('bare Fastify route, after')} after.`,
          '',
        );
      }
      const shown = rows.filter((r) => r.role === 'ceiling' || r.role === 'service' || r.role?.startsWith('photo'));
      lines.push(table(shown, refs));
      return lines.join('\n');
    },

    /** Deletes the photos the benchmark uploaded (and so their files), through the API. */
    async cleanup() {
      let failed = 0;
      for (let i = 0; i < uploaded.length; i += 8) {
        await Promise.all(
          uploaded.slice(i, i + 8).map(async ({ photo, token }) => {
            const res = await fetch(`${base}/api/photos/${photo.id}`, {
              method: 'DELETE',
              headers: { authorization: `Bearer ${token}` },
            }).catch(() => null);
            await res?.arrayBuffer();
            if (!res?.ok) failed++;
          }),
        );
      }
      if (uploaded.length)
        log(
          `Deleted the ${uploaded.length - failed} photos the benchmark uploaded${failed ? ` (${failed} failed)` : ''}.`,
        );
      uploaded.length = 0;
    },
  };
}
