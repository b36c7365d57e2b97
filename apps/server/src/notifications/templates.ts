import { NOTIFICATION_CATEGORY } from '@meramot/shared';
import type { DeliveryContext, EmailContent } from './notification-data';
import type { Copy, Facts } from './templates/copy';
import { bn } from './templates/copy-bn';
import { en } from './templates/copy-en';
import { emailHtml, emailText, type EmailParts } from './templates/email-layout';
import { formatDay, formatNumber, formatTaka, singleLine, truncate } from './templates/format';
import { fitSms } from './templates/sms-fit';

/**
 * What a notification says by e-mail and SMS, in the recipient's language (English or Bangla). The
 * words live in templates/copy-*.ts, the e-mail's layout in templates/email-layout.ts; user values
 * are cleaned here (one line, no control characters) and escaped by the layout.
 */

const COPY: Record<DeliveryContext['recipient']['language'], Copy> = { en, bn };

/** A subject's service name and person's name are cut to these many characters. */
const SUBJECT_SERVICE_MAX = 80;
const SUBJECT_NAME_MAX = 50;

/** A message's or review's words: line breaks kept (at most two in a row), other control characters gone. */
function cleanExcerpt(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/(?:(?!\n)\p{Cc}|[\u2028\u2029])+/gu, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function validRating(rating: number | null | undefined): number | null {
  return typeof rating === 'number' && Number.isInteger(rating) && rating >= 1 && rating <= 5 ? rating : null;
}

function factsOf(ctx: DeliveryContext): Facts {
  const { data } = ctx;
  const language = ctx.recipient.language;
  const rating = validRating(data.rating);
  const excerpt = data.excerpt ? cleanExcerpt(data.excerpt) : '';
  return {
    service: singleLine(data.serviceName),
    actor: singleLine(data.actorName),
    date: data.serviceTakingDate ? formatDay(data.serviceTakingDate, language) : null,
    price: typeof data.price === 'number' && Number.isFinite(data.price) ? formatTaka(data.price, language) : null,
    rating: rating === null ? null : formatNumber(rating, language),
    excerpt: excerpt || null,
  };
}

/** The other person is the customer when the recipient is the provider, and the other way round. */
function actorLabel(ctx: DeliveryContext, copy: Copy): string {
  const role: string | undefined = ctx.data.role; // rows written before roles carried none
  if (role === 'provider') return copy.labels.customer;
  if (role === 'customer') return copy.labels.provider;
  return copy.actorLabel[ctx.kind];
}

/** The e-mail of one notification: subject (one line), HTML and plain text with the same facts and links. */
export function renderEmail(ctx: DeliveryContext): EmailContent {
  const copy = COPY[ctx.recipient.language];
  const { kind } = ctx;
  const facts = factsOf(ctx);
  const subjectFacts = {
    ...facts,
    service: truncate(facts.service, SUBJECT_SERVICE_MAX, copy.ellipsis),
    actor: truncate(facts.actor, SUBJECT_NAME_MAX, copy.ellipsis),
  };
  const subject = singleLine(copy.subject[kind](subjectFacts));
  const rows: EmailParts['facts'] = [
    [copy.labels.service, facts.service],
    [actorLabel(ctx, copy), facts.actor],
  ];
  if (facts.date) rows.push([copy.labels.date, facts.date]);
  if (facts.price) rows.push([copy.labels.price, facts.price]);
  const rating = validRating(ctx.data.rating);
  if (facts.rating && rating) {
    rows.push([copy.labels.rating, `${copy.ratingValue(facts.rating)} ${'★'.repeat(rating)}${'☆'.repeat(5 - rating)}`]);
  }
  const quoteLabel =
    kind === 'message_received'
      ? copy.labels.message
      : kind === 'review_received'
        ? copy.labels.reviewTitle
        : kind === 'booking_declined'
          ? copy.labels.reason
          : null;
  const next = copy.next[kind];
  const parts: EmailParts = {
    language: ctx.recipient.language,
    brand: copy.brand,
    subject,
    greeting: copy.greeting(singleLine(ctx.recipient.name)),
    paragraphs: [copy.intro[kind](facts), ...(next ? [next] : [])],
    facts: rows,
    quote: quoteLabel && facts.excerpt ? { label: quoteLabel, text: facts.excerpt } : null,
    action: { label: copy.action[kind], url: ctx.link },
    why: copy.why[NOTIFICATION_CATEGORY[kind]],
    settings: { intro: copy.settingsIntro, label: copy.settings, url: ctx.settingsLink },
    tagline: copy.tagline,
  };
  return { subject, html: emailHtml(parts), text: emailText(parts) };
}

/** The SMS of one notification: one line with the link, cut to fit one GSM-7 SMS or two UCS-2 parts. */
export function renderSms(ctx: DeliveryContext): string {
  const copy = COPY[ctx.recipient.language];
  const facts = factsOf(ctx);
  const date = ctx.data.serviceTakingDate ? formatDay(ctx.data.serviceTakingDate, ctx.recipient.language, true) : null;
  const build = (values: { service: string; actor: string }) =>
    singleLine(copy.sms[ctx.kind]({ ...values, date, rating: facts.rating, link: ctx.shortLink ?? ctx.link }));
  return fitSms(build, { service: facts.service, actor: facts.actor }, copy.ellipsis);
}
