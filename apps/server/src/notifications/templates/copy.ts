import type { NotificationCategory, NotificationKind } from '@meramot/shared';

/**
 * The words of e-mails and SMS in one language: plain text only. User values arrive in `Facts` as
 * plain text and the sentences are plain text too; the HTML layout escapes every string it is given,
 * so no sentence here can carry markup by mistake.
 */

/** A notification's facts, already formatted for the recipient's language. */
export interface Facts {
  service: string;
  actor: string;
  /** The booking's day in full (5 Mar 2026), or null. */
  date: string | null;
  price: string | null;
  /** The rating's digits (4), or null. */
  rating: string | null;
  excerpt: string | null;
}

/** The facts an SMS names: short date, and service and name possibly cut to fit. */
export interface SmsFacts {
  service: string;
  actor: string;
  /** The day without the year (5 Mar), or null. */
  date: string | null;
  rating: string | null;
  link: string;
}

type ByKind<T> = Record<NotificationKind, T>;

export interface Copy {
  brand: string;
  /** "Hello {name}," (name empty: a greeting without it). */
  greeting(name: string): string;
  subject: ByKind<(f: Facts) => string>;
  /** The sentence saying what happened. */
  intro: ByKind<(f: Facts) => string>;
  /** An optional second sentence: what to do next. */
  next: Partial<ByKind<string>>;
  /** The button's label. */
  action: ByKind<string>;
  /** How the other person is named in the facts table when the recipient's role is unknown. */
  actorLabel: ByKind<string>;
  labels: {
    service: string;
    customer: string;
    provider: string;
    date: string;
    price: string;
    rating: string;
    reviewTitle: string;
    message: string;
    reason: string;
  };
  /** "4 out of 5". */
  ratingValue(rating: string): string;
  /** Why the person got this e-mail (the footer). */
  why: Record<NotificationCategory, string>;
  /** The footer's words before the settings link, and the link's text. */
  settingsIntro: string;
  settings: string;
  tagline: string;
  sms: ByKind<(f: SmsFacts) => string>;
  /** What ends a cut value: '...' in English keeps an SMS in GSM-7, '…' in Bangla (UCS-2 anyway). */
  ellipsis: string;
}
