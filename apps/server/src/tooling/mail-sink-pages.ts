import { escapeHtml } from '@meramot/shared';
import type { SinkMessage } from './mail-sink';

/**
 * The mail sink's two pages (the inbox and one message), plain HTML for developers. Everything in
 * them came from an e-mail, so everything is escaped; the message's HTML part is shown only inside
 * an iframe with `sandbox=""` (no scripts, no forms, an opaque origin) from an escaped `srcdoc`.
 */

const STYLE = `
body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 1100px; padding: 1rem 1.5rem 3rem; color: #1f2937; }
a { color: #3730a3; }
table { border-collapse: collapse; width: 100%; }
caption { text-align: left; padding: 0.5rem 0; color: #4b5563; }
th, td { text-align: left; padding: 0.5rem; border-bottom: 1px solid #d1d5db; vertical-align: top; }
th { background: #f3f4f6; }
pre { white-space: pre-wrap; word-break: break-word; background: #f9fafb; padding: 1rem; border: 1px solid #e5e7eb; }
iframe { width: 100%; height: 640px; border: 1px solid #d1d5db; background: #fff; }
dt { font-weight: bold; } dd { margin: 0 0 0.5rem; word-break: break-all; }
.note { color: #4b5563; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} | Meramot mail sink</title><style>${STYLE}</style></head>
<body><main>
${body}
</main></body>
</html>
`;
}

const when = (iso: string) =>
  `<time datetime="${escapeHtml(iso)}">${escapeHtml(iso.replace('T', ' ').slice(0, 19))} UTC</time>`;

/** `GET /`: every kept message, newest first. */
export function inboxPage(messages: SinkMessage[], info: { smtp: string; max: number }): string {
  const rows = messages
    .map(
      (m) =>
        `<tr><td>${escapeHtml(m.to.join(', '))}</td>` +
        `<td><a href="/messages/${encodeURIComponent(m.id)}">${escapeHtml(m.subject || '(no subject)')}</a></td>` +
        `<td>${when(m.date)}</td></tr>`,
    )
    .join('\n');
  const count = `${messages.length} message${messages.length === 1 ? '' : 's'}`;
  const table = messages.length
    ? `<table><caption>${count}, newest first</caption>
<thead><tr><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Received</th></tr></thead>
<tbody>${rows}</tbody></table>`
    : '<p>No e-mail yet. Mail sent by the server while it runs appears here.</p>';
  return page(
    'Inbox',
    `<h1>Mail inbox</h1>
<p class="note">Every e-mail sent to SMTP ${escapeHtml(info.smtp)} is kept here in memory (the newest ${info.max}), and
nowhere else: none leaves this machine. <a href="/">Refresh</a> · JSON: <a href="/api/messages">/api/messages</a>
(<code>?to=</code> an address; <code>DELETE</code> clears).</p>
${table}`,
  );
}

/** Plain text with its http(s) addresses as links: each piece escaped, the address only in href. */
function linkify(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"']+)/g)
    .map((part, i) =>
      i % 2 === 1 ? `<a href="${escapeHtml(part)}" rel="noreferrer">${escapeHtml(part)}</a>` : escapeHtml(part),
    )
    .join('');
}

/** `GET /messages/:id`: headers, the plain text, and the HTML part in a sandboxed frame. */
export function messagePage(m: SinkMessage): string {
  const headers = Object.entries(m.headers)
    .map(([key, value]) => `<tr><th scope="row">${escapeHtml(key)}</th><td>${escapeHtml(value)}</td></tr>`)
    .join('\n');
  const html = m.html
    ? `<p class="note">Shown in a sandbox: no scripts run and links do not open here; the plain text's links do.</p>
<iframe sandbox="" title="The HTML part of the message" srcdoc="${escapeHtml(m.html)}"></iframe>`
    : '<p>This message has no HTML part.</p>';
  return page(
    m.subject || '(no subject)',
    `<p><a href="/">Back to the inbox</a></p>
<h1>${escapeHtml(m.subject || '(no subject)')}</h1>
<dl>
<dt>From</dt><dd>${escapeHtml(m.from)}</dd>
<dt>To</dt><dd>${escapeHtml(m.to.join(', '))}</dd>
<dt>Date</dt><dd>${when(m.date)}</dd>
<dt>Message-ID</dt><dd>${escapeHtml(m.messageId ?? '(none)')}</dd>
</dl>
<h2>Plain text</h2>
<pre>${m.text ? linkify(m.text) : '(no plain-text part)'}</pre>
<h2>HTML</h2>
${html}
<h2>Headers</h2>
<table><thead><tr><th scope="col">Header</th><th scope="col">Value</th></tr></thead><tbody>${headers}</tbody></table>`,
  );
}

/** Any other address. */
export function notFoundPage(): string {
  return page('Not found', '<h1>Not found</h1><p><a href="/">Back to the inbox</a></p>');
}
