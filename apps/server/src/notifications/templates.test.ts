import { NOTIFICATION_KINDS, type Language, type NotificationKind } from '@meramot/shared';
import { describe, expect, it } from 'vitest';
import type { DeliveryContext, NotificationData } from './notification-data';
import { renderEmail, renderSms } from './templates';
import { SMS_MAX, smsUnits } from './templates/sms-fit';

const LINK = 'https://meramot.example/bookings?booking=7f3c2a9e-1b2c-4d5e-8f90-123456789abc&review=1';
/** A link of the length an SMS can afford (a short redirect to the booking). */
const SHORT_LINK = 'https://meramot.example/b/7f3c2a9e';
const SETTINGS = 'https://meramot.example/notification-settings?token=abc.def&x=1';
const ROLE: Record<NotificationKind, NotificationData['role']> = {
  booking_requested: 'provider',
  booking_cancelled: 'provider',
  booking_working: 'customer',
  booking_completed: 'customer',
  review_received: 'provider',
  message_received: 'customer',
  booking_accepted: 'customer',
  booking_declined: 'customer',
  booking_expired: 'customer',
  booking_proposed: 'customer',
  proposal_accepted: 'provider',
  proposal_declined: 'provider',
};

function ctx(kind: NotificationKind, language: Language, data: Partial<NotificationData> = {}, name = 'Rahim Uddin') {
  return {
    notificationId: 42,
    kind,
    bookingId: 'b1',
    createdAt: new Date('2026-03-01T10:00:00Z'),
    recipient: { name, email: 'rahim@meramot.test', language, smsPhone: '+8801711111111' },
    link: LINK,
    settingsLink: SETTINGS,
    data: {
      serviceName: 'Laptop Servicing',
      actorName: 'Ayesha Siddiqua',
      excerpt:
        kind === 'message_received' ? 'Can you come in the evening?' : kind === 'review_received' ? 'Great work' : null,
      rating: kind === 'review_received' ? 4 : null,
      serviceTakingDate: '2026-03-05',
      price: 123450,
      role: ROLE[kind],
      ...data,
    },
  } satisfies DeliveryContext;
}

const FACTS = {
  en: { date: '5 Mar 2026', price: '৳1,23,450', settings: 'Notification settings', customer: 'Customer' },
  bn: { date: '৫ মার্চ, ২০২৬', price: '৳১,২৩,৪৫০', settings: 'নোটিফিকেশন সেটিংস', customer: 'গ্রাহক' },
};
const withoutUrls = (text: string) => text.replace(/https?:\/\/\S+/g, '');
const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
const escapedSettings = SETTINGS.replace(/&/g, '&amp;');
const escapedLink = LINK.replace(/&/g, '&amp;');

describe('renderEmail', () => {
  for (const language of ['en', 'bn'] as const) {
    for (const kind of NOTIFICATION_KINDS) {
      it(`${kind} in ${language}: subject, HTML and text carry the facts and the links`, () => {
        const { subject, html, text } = renderEmail(ctx(kind, language));
        const facts = FACTS[language];
        expect(subject).toContain('Laptop Servicing');
        expect(subject).not.toMatch(/[\r\n]/);
        for (const part of [html, text]) {
          for (const fact of ['Rahim Uddin', 'Laptop Servicing', 'Ayesha Siddiqua', facts.date, facts.price]) {
            expect(part).toContain(fact);
          }
          expect(part).not.toMatch(/undefined|null|NaN|\[object/);
        }
        expect(html).toContain(`<html lang="${language}"`);
        expect(html).toContain(language === 'bn' ? 'মেরামত' : 'Meramot');
        expect(hrefs(html)).toEqual([escapedLink, escapedSettings]);
        expect(html).toMatch(
          new RegExp(`<a href="${escapedSettings.replace(/[.?&]/g, '\\$&')}"[^>]*>${facts.settings}</a>`),
        );
        expect(text).toContain(LINK);
        expect(text).toContain(`${facts.settings}: ${SETTINGS}`);
        // The footer (the last row) says why, and holds the settings link.
        const footer = html.slice(html.lastIndexOf('<tr>'));
        expect(footer).toContain(facts.settings);
        expect(footer).toMatch(language === 'bn' ? /পেয়েছেন/ : /You get this e-mail because/);
        if (language === 'bn') {
          expect(withoutUrls(text)).not.toMatch(/[0-9]/);
          expect(subject).not.toMatch(/[0-9]/);
        }
      });
    }
  }

  it('names the other person by the recipient’s side', () => {
    expect(renderEmail(ctx('message_received', 'en', { role: 'provider' })).text).toContain('Customer: Ayesha');
    expect(renderEmail(ctx('message_received', 'en', { role: 'customer' })).text).toContain('Provider: Ayesha');
    expect(renderEmail(ctx('booking_requested', 'bn')).text).toContain('গ্রাহক: Ayesha');
  });

  it('carries the rating and the review title, and the message excerpt', () => {
    const en = renderEmail(ctx('review_received', 'en'));
    expect(en.subject).toBe('New review of Laptop Servicing: 4 out of 5');
    expect(en.text).toContain('Rating: 4 out of 5 ★★★★☆');
    expect(en.html).toContain('Great work');
    const bn = renderEmail(ctx('review_received', 'bn'));
    expect(bn.subject).toContain('৫-এর মধ্যে ৪ রেটিং');
    expect(bn.text).toContain('রেটিং: ৫-এর মধ্যে ৪');
    const message = renderEmail(ctx('message_received', 'bn', { excerpt: 'কখন আসবেন?\nধন্যবাদ' }));
    expect(message.text).toContain('> কখন আসবেন?\n> ধন্যবাদ');
    expect(message.html).toContain('কখন আসবেন?\nধন্যবাদ');
  });

  it('keeps the line breaks of an excerpt and drops its control characters', () => {
    const { html, text } = renderEmail(
      ctx('message_received', 'en', { excerpt: 'one\u0007\r\ntwo\u2028three\n\n\n\nfour' }),
    );
    expect(text).toContain('> one\n> two three\n> \n> four');
    expect(html).toContain('one\ntwo three\n\nfour');
    expect(html).not.toContain('\u0007');
    expect(html).not.toMatch(/\u2028|\r/);
  });

  it('asks for a review when the work is completed, linking to ctx.link', () => {
    expect(renderEmail(ctx('booking_completed', 'en')).text).toContain(`Leave a review: ${LINK}`);
    const bn = renderEmail(ctx('booking_completed', 'bn'));
    expect(bn.text).toContain(`রিভিউ দিন: ${LINK}`);
    expect(bn.html).toMatch(/<a href="[^"]+"[^>]*>রিভিউ দিন<\/a>/);
  });

  it('escapes every user value in the HTML and never makes markup or links of it', () => {
    const hostile = '<img src=x onerror=alert(1)>';
    const { subject, html, text } = renderEmail(
      ctx(
        'message_received',
        'en',
        {
          serviceName: `"quotes" & <b>bold</b>\r\nBcc: victim@example.com`,
          actorName: hostile,
          excerpt: `<script>alert(1)</script> <a href="https://evil.example">click</a> 'single'`,
        },
        `Rahim ${hostile}`,
      ),
    );
    expect(html).not.toMatch(/<img|<script|<b>|href="https:\/\/evil/);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&quot;quotes&quot; &amp; &lt;b&gt;bold&lt;/b&gt;');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&#39;single&#39;');
    expect(hrefs(html)).toEqual([escapedLink, escapedSettings]);
    expect((html.match(/<a /g) ?? []).length).toBe(2);
    expect(subject).not.toMatch(/[\r\n]/);
    expect(subject).toContain('"quotes" & <b>bold</b> Bcc: victim@example.com');
    expect(text).toContain(hostile); // plain text stays text
  });

  it('puts only http(s) links in an href', () => {
    const { html } = renderEmail({ ...ctx('booking_working', 'en'), link: 'javascript:alert(1)' });
    expect(html).not.toContain('javascript:alert(1)"');
    expect(hrefs(html)[0]).toBe('#');
  });

  it('leaves out facts it does not have', () => {
    const { html, text } = renderEmail(
      ctx('booking_requested', 'en', { serviceTakingDate: null, price: null, excerpt: null, rating: null }),
    );
    expect(text).not.toMatch(/Date:|Price:|Rating:/);
    expect(text).toContain('Ayesha Siddiqua booked your service “Laptop Servicing”.');
    expect(html).not.toMatch(/undefined|null/);
  });

  it('cuts a very long service name in the subject', () => {
    const { subject } = renderEmail(ctx('booking_working', 'bn', { serviceName: 'ক'.repeat(200) }));
    expect(subject.length).toBeLessThan(120);
    expect(subject.endsWith('…')).toBe(true);
  });
});

describe('renderSms', () => {
  const fits = (sms: string) => {
    const units = smsUnits(sms);
    expect(units.length).toBeLessThanOrEqual(SMS_MAX[units.encoding]);
  };

  for (const language of ['en', 'bn'] as const) {
    for (const kind of NOTIFICATION_KINDS) {
      it(`${kind} in ${language}: short, with the link`, () => {
        const sms = renderSms({ ...ctx(kind, language), link: SHORT_LINK });
        expect(sms).toContain(SHORT_LINK);
        expect(sms).toContain('Laptop Servicing');
        expect(sms).not.toMatch(/[\r\n]/);
        fits(sms);
        if (language === 'en') expect(smsUnits(sms)).toMatchObject({ encoding: 'gsm7' });
        if (language === 'bn') {
          expect(sms.startsWith('মেরামত:')).toBe(true);
          expect(sms.length).toBeLessThanOrEqual(134);
          expect(withoutUrls(sms)).not.toMatch(/[0-9]/);
        }
      });
    }
  }

  it('says who booked what and when', () => {
    const short = (language: Language) => ({ ...ctx('booking_requested', language), link: SHORT_LINK });
    expect(renderSms(short('en'))).toBe(
      `Meramot: new booking of Laptop Servicing for 5 Mar from Ayesha Siddiqua. ${SHORT_LINK}`,
    );
    expect(renderSms(short('bn'))).toBe(
      `মেরামত: নতুন বুকিং, Laptop Servicing, ৫ মার্চ। গ্রাহক: Ayesha Siddiqua। ${SHORT_LINK}`,
    );
  });

  it('cuts long service names and names with an ellipsis, never the link', () => {
    const long = {
      serviceName: 'iPhone 13 Pro Max screen, battery and charging port replacement',
      actorName: 'A'.repeat(90),
    };
    const en = renderSms({ ...ctx('booking_requested', 'en', long), link: SHORT_LINK });
    // The longer value is cut first, to a common length: both keep their start.
    expect(en).toMatch(/of iPhone 13 Pro Max screen, battery and c?\.\.\. for 5 Mar from A{30,}\.\.\.\. /);
    expect(en.endsWith(SHORT_LINK)).toBe(true);
    expect(en.length).toBeLessThanOrEqual(160);
    const bn = renderSms({
      ...ctx('booking_requested', 'bn', { ...long, actorName: 'আয়েশা '.repeat(20) }),
      link: SHORT_LINK,
    });
    expect(bn).toContain('…');
    expect(bn.endsWith(SHORT_LINK)).toBe(true);
    expect(bn.length).toBeLessThanOrEqual(134);
  });

  it('keeps a long link whole, cutting the values to their least', () => {
    const sms = renderSms(ctx('booking_requested', 'bn', { serviceName: 'Laptop Servicing and Cleaning' }));
    expect(sms.endsWith(`। ${LINK}`)).toBe(true);
    expect(sms).toMatch(/বুকিং, Laptop Se…, ৫ মার্চ। গ্রাহক: Ayesha Si…।/);
  });

  it('counts a Bangla name in an English SMS as UCS-2', () => {
    const sms = renderSms({
      ...ctx('booking_requested', 'en', { actorName: 'আয়েশা সিদ্দিকা '.repeat(5) }),
      link: SHORT_LINK,
    });
    expect(smsUnits(sms).encoding).toBe('ucs2');
    fits(sms);
  });

  it('counts GSM-7 escape characters twice', () => {
    expect(smsUnits('a[b]')).toEqual({ encoding: 'gsm7', length: 6 });
    expect(smsUnits('৳')).toEqual({ encoding: 'ucs2', length: 1 });
  });
});
