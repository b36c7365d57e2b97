import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailSink, type MailSink } from '../tooling/mail-sink';
import { createMailer } from './mailer';

/** Real SMTP: the mailer talks to the mail sink of `npm start` on free ports. */
let sink: MailSink;

beforeAll(async () => {
  sink = await startMailSink({ smtpPort: 0, httpPort: 0 });
});
afterAll(async () => {
  await sink.close();
});

/** A port nothing listens on: taken from the system, then let go. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe('createMailer', () => {
  it('sends both parts with the Message-ID and the automatic-mail headers', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${sink.smtpPort}`,
      from: 'Meramot <no-reply@meramot.test>',
    });
    try {
      await mailer.send({
        to: 'rahim@meramot.test',
        subject: 'নতুন বুকিং: ল্যাপটপ সার্ভিসিং (আয়েশা)',
        html: '<p>Hello <b>Rahim</b></p>',
        text: 'Hello Rahim',
        messageId: '<notification-7.email@meramot>',
      });
      // The same notification again (a retry): the same Message-ID, which lets a receiver drop it.
      await mailer.send({
        to: 'rahim@meramot.test',
        subject: 's',
        html: '<p>x</p>',
        text: 'x',
        messageId: 'n-8@meramot',
      });
    } finally {
      mailer.close();
    }
    const [second, first] = sink.messages();
    expect(first).toMatchObject({
      to: ['rahim@meramot.test'],
      subject: 'নতুন বুকিং: ল্যাপটপ সার্ভিসিং (আয়েশা)',
      text: 'Hello Rahim',
      messageId: '<notification-7.email@meramot>',
    });
    expect(first!.from).toContain('no-reply@meramot.test');
    expect(first!.html).toContain('<p>Hello <b>Rahim</b></p>');
    expect(first!.headers['auto-submitted']).toBe('auto-generated');
    expect(first!.headers['message-id']).toBe('<notification-7.email@meramot>');
    expect(second!.messageId).toBe('<n-8@meramot>');
  });

  it('rejects a Message-ID that is not one', async () => {
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${sink.smtpPort}`, from: 'no-reply@meramot.test' });
    try {
      await expect(
        mailer.send({ to: 'a@meramot.test', subject: 's', html: 'h', text: 't', messageId: 'a b\r\nBcc: x@y' }),
      ).rejects.toThrow(/Message-ID/);
    } finally {
      mailer.close();
    }
  });

  it('throws when the SMTP server is down, so the outbox retries', async () => {
    const port = await closedPort();
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'no-reply@meramot.test' });
    try {
      await expect(
        mailer.send({ to: 'a@meramot.test', subject: 's', html: 'h', text: 't', messageId: '<n-1@meramot>' }),
      ).rejects.toThrow(/ECONNREFUSED|connect/i);
    } finally {
      mailer.close();
    }
  });
});
