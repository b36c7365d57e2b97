import type { Language, NotificationKind } from '@meramot/shared';

/** The facts a notification carries (notifications.data): what the list shows and deliveries say. */
export interface NotificationData {
  serviceName: string;
  /** The other person's name (never their e-mail or phone). */
  actorName: string;
  /** A message's first words, or a review's title. */
  excerpt?: string | null;
  rating?: number | null;
  /** The booking's date, YYYY-MM-DD. */
  serviceTakingDate?: string | null;
  /** The booking's price in taka. */
  price?: number | null;
  /** The recipient's side of the booking: where its link leads. */
  role: 'customer' | 'provider';
}

/** Everything a channel needs to write one notification to one person. */
export interface DeliveryContext {
  notificationId: number;
  kind: NotificationKind;
  bookingId: string;
  data: NotificationData;
  createdAt: Date;
  recipient: { name: string; email: string; language: Language; smsPhone: string | null };
  /** Absolute URL of the booking in the web app (the notification's link). */
  link: string;
  /** A short absolute URL redirecting to `link` (`/n/<ref>`), for SMS. */
  shortLink?: string;
  /** Absolute URL of the notification settings, opened without signing in (a signed, expiring token). */
  settingsLink: string;
}

/** An e-mail ready to send. */
export interface EmailContent {
  subject: string;
  html: string;
  text: string;
}

/** Sends e-mail over SMTP (notifications/mailer.ts); throws when the server refuses or is down. */
export interface Mailer {
  send(message: EmailContent & { to: string; messageId: string }): Promise<void>;
  close(): void;
}

/** Sends an SMS through the gateway (notifications/sms.ts); throws when the gateway refuses or is down. */
export interface SmsSender {
  send(to: string, text: string): Promise<void>;
}
