import nodemailer from 'nodemailer';
import type { Mailer } from './notification-data';

/**
 * E-mail over SMTP (nodemailer). The outbox calls `send` once per notification and retries when it
 * throws, so this module neither retries nor swallows errors: a refused recipient, an unreachable
 * server or a timeout rejects. The Message-ID is the notification's own, so a send retried after a
 * lost reply carries the same id and a receiving server or client can drop the duplicate.
 *
 * `smtpUrl`: smtp://user:pass@host:587 (STARTTLS when offered), smtps://host:465 (TLS from the start),
 * or smtp://127.0.0.1:1025 for the local sink of `npm start`. Query options of nodemailer's URL form
 * (e.g. ?pool=false) are honoured.
 */

const CONNECTION_TIMEOUT_MS = 10_000;
const GREETING_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 30_000;

/** A Message-ID header value: `<id@host>` (angle brackets added when missing). */
function messageIdHeader(messageId: string): string {
  const id = messageId.trim().replace(/^<|>$/g, '');
  if (!/^[^\s<>@]+@[^\s<>@]+$/.test(id)) throw new Error(`Not a Message-ID: ${JSON.stringify(messageId)}`);
  return `<${id}>`;
}

export function createMailer(options: { smtpUrl: string; from: string }): Mailer {
  // Pooled: the outbox sends in bursts, and one connection reused spares a TLS handshake per e-mail.
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    pool: true,
    maxConnections: 3,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    greetingTimeout: GREETING_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
    // Never print message contents or credentials.
    logger: false,
    debug: false,
  });

  return {
    async send(message) {
      const info = await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        messageId: messageIdHeader(message.messageId),
        headers: {
          // RFC 3834: an automatic message, so auto-responders (out of office) do not answer it.
          'Auto-Submitted': 'auto-generated',
          'X-Auto-Response-Suppress': 'All',
        },
      });
      // nodemailer resolves when at least one recipient was accepted; ours has one, so any rejection fails.
      if (info.rejected.length > 0) throw new Error('The SMTP server refused the recipient.');
    },
    close() {
      transport.close();
    },
  };
}
