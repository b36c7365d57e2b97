import http from 'node:http';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMailSink, type MailSink, type SinkMessage } from './mail-sink';

let sink: MailSink;

beforeAll(async () => {
  sink = await startMailSink({ smtpPort: 0, httpPort: 0 });
});
afterAll(async () => {
  await sink.close();
});
beforeEach(() => sink.clear());

async function sendTo(target: MailSink, mail: { to: string; subject: string; html?: string; text: string }) {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: target.smtpPort, secure: false });
  try {
    await transport.sendMail({ from: 'Meramot <no-reply@meramot.test>', ...mail });
  } finally {
    transport.close();
  }
}

const get = (path: string, init?: RequestInit) => fetch(`${sink.inboxUrl}${path}`, init);
const hostile = '<img src=x onerror=alert(1)>';

describe('startMailSink', () => {
  it('answers on the ports it chose and starts empty', async () => {
    expect(sink.smtpPort).toBeGreaterThan(0);
    expect(sink.httpPort).toBeGreaterThan(0);
    expect(sink.inboxUrl).toBe(`http://127.0.0.1:${sink.httpPort}`);
    const res = await get('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    const page = await res.text();
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('<h1>Mail inbox</h1>');
    expect(page).toContain('No e-mail yet');
  });

  it('keeps each message, parsed, newest first, on the inbox page and in the JSON list', async () => {
    await sendTo(sink, { to: 'Ayesha@Meramot.test', subject: 'First', text: 'one', html: '<p>one</p>' });
    await sendTo(sink, { to: 'rahim@meramot.test', subject: `Second ${hostile}`, text: 'two' });
    const page = await (await get('/')).text();
    expect(page).toContain('<caption>2 messages, newest first</caption>');
    const [second, first] = sink.messages();
    expect(page.indexOf(`/messages/${second!.id}"`)).toBeLessThan(page.indexOf(`/messages/${first!.id}"`));
    expect(page.indexOf(`/messages/${first!.id}"`)).toBeGreaterThan(0);
    expect(page).toContain(`Second &lt;img src=x onerror=alert(1)&gt;`);
    expect(page).not.toContain('<img');

    const res = await get('/api/messages');
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const list = (await res.json()) as SinkMessage[];
    expect(list.map((m) => m.subject)).toEqual([`Second ${hostile}`, 'First']);
    expect(list[1]).toMatchObject({ to: ['Ayesha@meramot.test'], text: 'one', html: '<p>one</p>' });
    expect(list[1]!.from).toBe('"Meramot" <no-reply@meramot.test>');
    expect(list[1]!.messageId).toMatch(/^<.+@.+>$/);
    expect(list[1]!.headers['message-id']).toBe(list[1]!.messageId);
    expect(new Date(list[1]!.date).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(sink.messages()).toEqual(list);
  });

  it('filters by recipient, ignoring case', async () => {
    await sendTo(sink, { to: 'Ayesha@Meramot.test', subject: 'a', text: 'a' });
    await sendTo(sink, { to: 'rahim@meramot.test', subject: 'r', text: 'r' });
    const only = async (to: string) =>
      ((await (await get(`/api/messages?to=${encodeURIComponent(to)}`)).json()) as SinkMessage[]).map((m) => m.subject);
    expect(await only('ayesha@meramot.TEST')).toEqual(['a']);
    expect(await only('RAHIM@meramot.test')).toEqual(['r']);
    expect(await only('nobody@meramot.test')).toEqual([]);
  });

  it('shows one message with everything escaped and its HTML in a sandboxed frame', async () => {
    await sendTo(sink, {
      to: 'rahim@meramot.test',
      subject: `<script>alert(1)</script>`,
      text: `Hi <b>there</b>\nOpen https://meramot.example/b/1?a=1&b="2" now`,
      html: `<p>Hi</p>${hostile}<script>alert(2)</script>`,
    });
    const res = await get(`/messages/${sink.messages()[0]!.id}`);
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).not.toMatch(/<script|<img|<b>/);
    expect(page).toContain('<title>&lt;script&gt;alert(1)&lt;/script&gt; | Meramot mail sink</title>');
    expect(page).toContain('Hi &lt;b&gt;there&lt;/b&gt;');
    expect(page).toContain('<a href="https://meramot.example/b/1?a=1&amp;b=" rel="noreferrer">');
    expect(page).toContain(
      '<iframe sandbox="" title="The HTML part of the message" srcdoc="&lt;p&gt;Hi&lt;/p&gt;&lt;img src=x onerror=alert(1)&gt;&lt;script&gt;alert(2)&lt;/script&gt;">',
    );
    expect(page).toMatch(/<th scope="row">message-id<\/th><td>&lt;.+@.+&gt;<\/td>/);
    expect((await get('/messages/99')).status).toBe(404);
    expect((await get('/messages/%3Cx%3E')).status).toBe(404);
  });

  it('forgets every message on DELETE and on clear()', async () => {
    await sendTo(sink, { to: 'a@meramot.test', subject: 'a', text: 'a' });
    const res = await get('/api/messages', { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect(await (await get('/api/messages')).json()).toEqual([]);
    await sendTo(sink, { to: 'a@meramot.test', subject: 'b', text: 'b' });
    sink.clear();
    expect(sink.messages()).toEqual([]);
  });

  it('answers 405 to other methods and 421 to another host name', async () => {
    const post = await get('/', { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    const status = await new Promise<number | undefined>((resolve, reject) => {
      http
        .get(
          { host: '127.0.0.1', port: sink.httpPort, path: '/api/messages', headers: { host: 'evil.example' } },
          (r) => {
            r.resume();
            resolve(r.statusCode);
          },
        )
        .on('error', reject);
    });
    expect(status).toBe(421);
  });

  it('keeps only the newest `max`, refuses mail over 5 MB, and frees its ports on close', async () => {
    const small = await startMailSink({ smtpPort: 0, httpPort: 0, max: 2 });
    try {
      for (const subject of ['1', '2', '3']) await sendTo(small, { to: 'a@meramot.test', subject, text: subject });
      expect(small.messages().map((m) => m.subject)).toEqual(['3', '2']);
      await expect(
        sendTo(small, { to: 'a@meramot.test', subject: 'big', text: 'x'.repeat(6 * 1024 * 1024) }),
      ).rejects.toThrow(/552|size/i);
      expect(small.messages()).toHaveLength(2);
    } finally {
      await small.close();
    }
    await expect(fetch(small.inboxUrl)).rejects.toThrow();
  });
});
