import { escapeHtml, type Language } from '@meramot/shared';
import { safeUrl } from './format';

/**
 * The one layout of every notification e-mail, as HTML and as plain text. Every field is plain text
 * and is escaped here, once, at the point it enters HTML: user values (names, service names,
 * excerpts) can never become markup, links or scripts. The HTML is the table layout mail clients
 * (Outlook and Gmail included) render alike, with inline styles only.
 */
export interface EmailParts {
  language: Language;
  brand: string;
  subject: string;
  greeting: string;
  /** What happened, then what to do next. */
  paragraphs: string[];
  /** Label and value rows: service, the other person, date, price, rating. */
  facts: [label: string, value: string][];
  /** A message's first words or a review's title, shown as a quote. */
  quote: { label: string; text: string } | null;
  action: { label: string; url: string };
  why: string;
  settings: { intro: string; label: string; url: string };
  tagline: string;
}

const FONT = {
  en: "'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
  bn: "'Noto Sans Bengali', 'Hind Siliguri', 'Nirmala UI', Vrinda, Arial, sans-serif",
};
const BRAND_COLOUR = '#4338ca';
const TEXT = '#1f2937';
const MUTED = '#4b5563';

/** The HTML part. */
export function emailHtml(p: EmailParts): string {
  const e = escapeHtml;
  const font = FONT[p.language];
  const cell = `font-family:${font};color:${TEXT};font-size:16px;line-height:1.6;`;
  const muted = `font-family:${font};color:${MUTED};font-size:14px;line-height:1.6;`;
  const facts = p.facts
    .map(
      ([label, value]) =>
        `<tr><th scope="row" align="left" style="${muted}font-size:16px;padding:6px 12px 6px 0;font-weight:normal;vertical-align:top;white-space:nowrap;">${e(label)}</th>` +
        `<td style="${cell}padding:6px 0;font-weight:bold;">${e(value)}</td></tr>`,
    )
    .join('');
  const quote = p.quote
    ? `<p style="${muted}margin:16px 0 4px;">${e(p.quote.label)}</p>` +
      `<div style="${cell}margin:0 0 16px;padding:12px 16px;border-left:4px solid ${BRAND_COLOUR};background:#f3f4f6;white-space:pre-line;">${e(p.quote.text)}</div>`
    : '';
  const actionUrl = e(safeUrl(p.action.url));
  const settingsUrl = e(safeUrl(p.settings.url));
  return `<!doctype html>
<html lang="${p.language}" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${e(p.subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f3f4f6;">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;">${e(p.paragraphs[0] ?? '')}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f3f4f6;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background:#ffffff;border-radius:8px;">
<tr><td style="padding:18px 24px;background:${BRAND_COLOUR};border-radius:8px 8px 0 0;font-family:${font};font-size:22px;font-weight:bold;color:#ffffff;">${e(p.brand)}</td></tr>
<tr><td style="padding:24px;">
<p style="${cell}margin:0 0 16px;">${e(p.greeting)}</p>
${p.paragraphs.map((text) => `<p style="${cell}margin:0 0 16px;">${e(text)}</p>`).join('\n')}
${quote}
<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;">${facts}</table>
<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr>
<td style="border-radius:6px;background:${BRAND_COLOUR};"><a href="${actionUrl}" style="display:inline-block;padding:12px 24px;font-family:${font};font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:6px;">${e(p.action.label)}</a></td>
</tr></table>
<p style="${muted}font-size:13px;margin:16px 0 0;word-break:break-all;">${e(p.action.url)}</p>
</td></tr>
<tr><td style="padding:16px 24px 24px;border-top:1px solid #e5e7eb;font-family:${font};font-size:13px;line-height:1.6;color:${MUTED};">
<p style="margin:0 0 8px;">${e(p.why)}</p>
<p style="margin:0 0 8px;">${e(p.settings.intro)} <a href="${settingsUrl}" style="color:${BRAND_COLOUR};">${e(p.settings.label)}</a></p>
<p style="margin:0;">${e(p.tagline)}</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

/** The plain-text part: the same facts and links, for clients that show no HTML and for screen readers. */
export function emailText(p: EmailParts): string {
  const lines = [p.greeting, '', ...p.paragraphs.flatMap((text) => [text, ''])];
  if (p.quote) lines.push(`${p.quote.label}:`, ...p.quote.text.split('\n').map((line) => `> ${line}`), '');
  for (const [label, value] of p.facts) lines.push(`${label}: ${value}`);
  lines.push('', `${p.action.label}: ${p.action.url}`, '', '-- ', p.why, `${p.settings.label}: ${p.settings.url}`);
  lines.push(p.tagline, '');
  return lines.join('\n');
}
