import net from 'node:net';
import { checkAnswer } from './run-fuzz';

/** Raw HTTP requests that `app.inject` cannot make: over-long headers and URLs, broken encodings, broken HTTP. */
export function rawRequests(): { label: string; text: string }[] {
  const req = (line: string, headers: string[] = []) =>
    [line, 'Host: 127.0.0.1', ...headers, 'Connection: close', '', ''].join('\r\n');
  const long = (n: number) => 'a'.repeat(n);
  const out = [
    { label: 'header of 20 KB', text: req('GET /api/services HTTP/1.1', [`X-Big: ${long(20_000)}`]) },
    {
      label: '200 headers of 200 bytes',
      text: req(
        'GET /api/services HTTP/1.1',
        Array.from({ length: 200 }, (_, i) => `X-H${i}: ${long(200)}`),
      ),
    },
    {
      label: 'bearer token of 40 KB',
      text: req('GET /api/users/me HTTP/1.1', [`Authorization: Bearer ${long(40_000)}`]),
    },
    { label: 'URL of 70 KB', text: req(`GET /api/services?search=${long(70_000)} HTTP/1.1`) },
    { label: 'path segment of 10 KB', text: req(`GET /api/services/${long(10_000)} HTTP/1.1`) },
    { label: 'NUL in a header value', text: req('GET /api/services HTTP/1.1', ['X-A: a\u0000b']) },
    { label: 'bad header name', text: req('GET /api/services HTTP/1.1', ['Bad Header: x']) },
    { label: 'bad Content-Length', text: req('POST /api/services HTTP/1.1', ['Content-Length: abc']) },
    {
      label: 'two Content-Lengths',
      text: req('POST /api/services HTTP/1.1', ['Content-Length: 2', 'Content-Length: 3']) + '{}',
    },
    {
      label: 'chunked and Content-Length',
      text: req('POST /api/services HTTP/1.1', ['Transfer-Encoding: chunked', 'Content-Length: 3']) + '0\r\n\r\n',
    },
    {
      label: 'bad chunk size',
      text:
        req('POST /api/bookings HTTP/1.1', ['Transfer-Encoding: chunked', 'Content-Type: application/json']) +
        'zz\r\n{}\r\n0\r\n\r\n',
    },
    { label: 'not HTTP at all', text: 'HELLO THERE\r\n\r\n' },
    { label: 'HTTP/9.9', text: req('GET /api/services HTTP/9.9') },
    { label: 'unknown method', text: req('BREW /api/services HTTP/1.1') },
  ];
  for (const path of [
    '/api/services/%E0%A4%A',
    '/api/search/%',
    '/api/search/a%00b',
    '/api/bookings/user/%C0%AF',
    '/api/services?search=%E0%A4%A',
    '/api/%zz',
    '/api/search/%F0%9F%94',
  ]) {
    out.push({ label: `GET ${path}`, text: req(`GET ${path} HTTP/1.1`) });
  }
  out.push({ label: 'raw UTF-8 in the path', text: req('GET /api/search/মেরামত HTTP/1.1') });
  out.push({ label: 'path traversal', text: req('GET /api/../../../etc/passwd HTTP/1.1') });
  out.push({ label: 'absolute-form URL', text: req('GET http://evil.example/api/services HTTP/1.1') });
  return out;
}

interface RawAnswer {
  status: number;
  contentType?: string;
  body: string;
  ms: number;
}

/** Sends raw bytes and reads until the server closes (or 5 s pass). */
export function sendRaw(port: number, text: string): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const finish = () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = raw.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0);
      const contentType = /\r\ncontent-type: *([^\r\n]+)/i.exec(head)?.[1];
      let body = rest.join('\r\n\r\n');
      if (/\r\ntransfer-encoding: *chunked/i.test(head))
        body = body.replace(/^[0-9a-f]+\r\n|\r\n[0-9a-f]+\r\n/gi, '').replace(/\r\n0\r\n$/, '');
      resolve({ status, contentType, body, ms: Date.now() - t0 });
    };
    socket.setTimeout(5_000, () => socket.destroy());
    socket.on('data', (d) => chunks.push(d));
    socket.on('close', finish);
    socket.on('error', () => {});
    socket.write(text);
  });
}

/** Every raw request must get an answer (no silent drop), never 5xx, and a JSON `{ error }` when refused. */
export async function socketPass(port: number) {
  const results: { label: string; status: number; problem: string | null }[] = [];
  for (const { label, text } of rawRequests()) {
    const answer = await sendRaw(port, text);
    let problem =
      answer.status === 0 ? 'no HTTP answer' : checkAnswer('GET', answer.status, answer.contentType, answer.body);
    if (!problem && answer.ms > 4_000) problem = `took ${answer.ms} ms`;
    results.push({
      label,
      status: answer.status,
      problem: problem && `${problem} [${answer.status} ${answer.body.slice(0, 120)}]`,
    });
  }
  return results;
}
