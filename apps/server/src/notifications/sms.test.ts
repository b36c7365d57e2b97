import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSmsSender, gatewayNumber } from './sms';

/** A stand-in for the gateway on a free port: records each request, answers as `reply` says. */
interface Received {
  method: string;
  contentType: string;
  form: URLSearchParams;
}
let received: Received[] = [];
let reply: (res: http.ServerResponse) => void;
let gateway: http.Server;
let url: string;
const API_KEY = 'secret-key-123';

beforeAll(async () => {
  gateway = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        contentType: req.headers['content-type'] ?? '',
        form: new URLSearchParams(body),
      });
      reply(res);
    });
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/api/smsapi`;
});
afterAll(async () => {
  gateway.closeAllConnections();
  await new Promise((resolve) => gateway.close(resolve));
});
beforeEach(() => {
  received = [];
  reply = (res) =>
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ response_code: 202, message_id: 1, success_message: 'SMS Submitted Successfully' }));
});

const sender = (timeoutMs?: number) => createSmsSender({ url, apiKey: API_KEY, senderId: '8809617000000', timeoutMs });

describe('createSmsSender', () => {
  it('posts the form the gateway expects', async () => {
    const text = 'মেরামত: নতুন বুকিং, ল্যাপটপ সার্ভিসিং & more। https://meramot.example/b/1?x=1&y=2';
    await sender().send('+8801711223344', text);
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request!.method).toBe('POST');
    expect(request!.contentType).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(request!.form)).toEqual({
      api_key: API_KEY,
      type: 'text',
      senderid: '8809617000000',
      number: '8801711223344',
      message: text,
    });
  });

  it('accepts a 2xx answer in plain text', async () => {
    reply = (res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('OK');
    await expect(sender().send('+8801911223344', 'hi')).resolves.toBeUndefined();
  });

  it('throws on a 500 answer, without the key', async () => {
    reply = (res) => res.writeHead(500).end(`internal error for ${API_KEY}`);
    const error = await sender()
      .send('+8801711223344', 'hi')
      .catch((err: Error) => err);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/answered 500/);
    expect((error as Error).message).not.toContain(API_KEY);
  });

  it('throws on a JSON error code, with the gateway’s reason and never the key', async () => {
    reply = (res) =>
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ response_code: 1007, error_message: `Balance Insufficient (key ${API_KEY})` }));
    const error = (await sender()
      .send('+8801711223344', 'hi')
      .catch((err: Error) => err)) as Error;
    expect(error.message).toMatch(/code 1007, Balance Insufficient/);
    expect(error.message).not.toContain(API_KEY);
  });

  it('throws when the gateway does not answer in time', async () => {
    reply = () => undefined; // never answers
    const started = Date.now();
    await expect(sender(200).send('+8801711223344', 'hi')).rejects.toThrow(/no answer within 200 ms/);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('throws when the gateway cannot be reached', async () => {
    const free = http.createServer();
    await new Promise<void>((resolve) => free.listen(0, '127.0.0.1', resolve));
    const { port } = free.address() as AddressInfo;
    await new Promise((resolve) => free.close(resolve));
    const closed = createSmsSender({ url: `http://127.0.0.1:${port}/sms`, apiKey: API_KEY, senderId: 'Meramot' });
    await expect(closed.send('+8801711223344', 'hi')).rejects.toThrow(/could not be reached \(ECONNREFUSED\)/);
  });

  it('refuses numbers that are not Bangladeshi mobiles before calling the gateway', async () => {
    await expect(sender().send('+447700900123', 'hi')).rejects.toThrow(/not a Bangladeshi mobile number/);
    expect(received).toHaveLength(0);
  });
});

describe('gatewayNumber', () => {
  it('writes every usual form as 8801XXXXXXXXX', () => {
    expect(gatewayNumber('+8801711223344')).toBe('8801711223344');
    expect(gatewayNumber('8801711223344')).toBe('8801711223344');
    expect(gatewayNumber('01711-223344')).toBe('8801711223344');
    expect(() => gatewayNumber('+8801211223344')).toThrow();
    expect(() => gatewayNumber('+88017112233')).toThrow();
  });
});
