import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { inboxPage, messagePage, notFoundPage } from './mail-sink-pages';

/**
 * Runtime tooling, not a test file: the local mail sink of `npm start` (and of the mail tests). An
 * SMTP server that accepts every message, keeps the newest `max` in memory, and shows them on an
 * inbox page, so e-mail works on a laptop with no mail server and nothing leaves the machine.
 * No authentication and no TLS: it listens on 127.0.0.1 unless told otherwise.
 *
 * HTTP: `GET /` the inbox, `GET /messages/:id` one message, `GET /api/messages[?to=address]` the
 * messages as JSON (newest first), `DELETE /api/messages` forgets them all.
 */
export interface SinkMessage {
  id: string;
  /** The envelope's recipients: who the message was delivered to. */
  to: string[];
  from: string;
  subject: string;
  /** ISO time the sink received it. */
  date: string;
  text: string;
  html: string | null;
  messageId: string | null;
  /** Selected headers, decoded, keyed in lower case. */
  headers: Record<string, string>;
}

export interface MailSink {
  smtpPort: number;
  httpPort: number;
  inboxUrl: string;
  /** Newest first. */
  messages(): SinkMessage[];
  clear(): void;
  close(): Promise<void>;
}

const MAX_SIZE = 5 * 1024 * 1024;
const HEADERS = ['from', 'to', 'cc', 'reply-to', 'subject', 'date', 'message-id', 'auto-submitted'];
const HEADERS_TOO = ['x-auto-response-suppress', 'content-language', 'list-unsubscribe', 'mime-version'];

function headerText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(headerText).join(', ');
  if (value && typeof value === 'object') {
    const v = value as { text?: unknown; value?: unknown };
    if (typeof v.text === 'string') return v.text;
    if (typeof v.value === 'string') return v.value;
  }
  return String(value ?? '');
}

function toSinkMessage(id: string, parsed: ParsedMail, recipients: string[]): SinkMessage {
  const headers: Record<string, string> = {};
  for (const key of [...HEADERS, ...HEADERS_TOO]) {
    if (parsed.headers.has(key)) headers[key] = headerText(parsed.headers.get(key));
  }
  return {
    id,
    to: recipients,
    from: parsed.from?.text ?? '',
    subject: parsed.subject ?? '',
    date: new Date().toISOString(),
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : null,
    messageId: parsed.messageId ?? null,
    headers,
  };
}

function listen(server: http.Server | SMTPServer['server'], port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function send(res: http.ServerResponse, status: number, type: string, body: string, allow?: string): void {
  if (allow) res.setHeader('allow', allow);
  res.writeHead(status, {
    'content-type': `${type}; charset=utf-8`,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    // The mails hold signed links: never leak them in a Referer.
    'referrer-policy': 'no-referrer',
    'content-security-policy':
      "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'",
  });
  res.end(body);
}

export async function startMailSink(options: {
  smtpPort: number;
  httpPort: number;
  host?: string;
  max?: number;
}): Promise<MailSink> {
  const host = options.host ?? '127.0.0.1';
  const max = options.max ?? 500;
  const urlHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
  let store: SinkMessage[] = [];
  let nextId = 1;
  let smtpAddress = '';

  const smtp = new SMTPServer({
    disabledCommands: ['AUTH', 'STARTTLS'],
    authOptional: true,
    size: MAX_SIZE,
    logger: false,
    banner: 'Meramot mail sink',
    // Pooled clients keep a connection open; do not wait 30 s for them when closing.
    closeTimeout: 1000,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          if (stream.sizeExceeded) {
            callback(Object.assign(new Error('Message too large'), { responseCode: 552 }));
            return;
          }
          const recipients = session.envelope.rcptTo.map((r) => r.address);
          store.unshift(toSinkMessage(String(nextId++), parsed, recipients));
          if (store.length > max) store.length = max;
          callback();
        })
        .catch((err: unknown) => callback(err instanceof Error ? err : new Error(String(err))));
    },
  });
  smtp.on('error', () => undefined); // a client that hangs up mid-message is not the sink's failure

  // The inbox shows e-mails with signed links: answer only to this machine's own names (no DNS rebinding).
  const allowedHosts = new Set(['127.0.0.1', 'localhost', '[::1]', host.includes(':') ? `[${host}]` : host]);
  const web = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://sink.local');
    const hostname = (req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
    if (!allowedHosts.has(hostname)) return send(res, 421, 'text/plain', 'Unknown host name.');
    const method = req.method ?? 'GET';
    const read = method === 'GET' || method === 'HEAD';
    if (url.pathname === '/api/messages') {
      if (method === 'DELETE') {
        store = [];
        res.writeHead(204, { 'cache-control': 'no-store' }).end();
        return;
      }
      if (!read) return send(res, 405, 'application/json', '{"error":"Use GET or DELETE."}', 'GET, HEAD, DELETE');
      const to = url.searchParams.get('to')?.trim().toLowerCase();
      const list = to ? store.filter((m) => m.to.some((a) => a.toLowerCase() === to)) : store;
      return send(res, 200, 'application/json', JSON.stringify(list));
    }
    if (!read) return send(res, 405, 'text/plain', 'Method not allowed.', 'GET, HEAD');
    if (url.pathname === '/') return send(res, 200, 'text/html', inboxPage(store, { smtp: smtpAddress, max }));
    const match = /^\/messages\/([^/]+)$/.exec(url.pathname);
    const message = match ? store.find((m) => m.id === decodeURIComponent(match[1]!)) : undefined;
    if (message) return send(res, 200, 'text/html', messagePage(message));
    return send(res, 404, 'text/html', notFoundPage());
  });

  const smtpPort = await listen(smtp.server, options.smtpPort, host);
  smtpAddress = `${urlHost}:${smtpPort}`;
  let httpPort: number;
  try {
    httpPort = await listen(web, options.httpPort, host);
  } catch (err) {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    throw err;
  }

  return {
    smtpPort,
    httpPort,
    inboxUrl: `http://${urlHost}:${httpPort}`,
    messages: () => [...store],
    clear: () => {
      store = [];
    },
    close: async () => {
      web.closeAllConnections();
      await Promise.all([
        new Promise<void>((resolve) => web.close(() => resolve())),
        new Promise<void>((resolve) => smtp.close(() => resolve())),
      ]);
    },
  };
}
