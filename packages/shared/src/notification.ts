import { z } from 'zod';
import { MULTI_LINE_TEXT } from './common';
import { en } from './messages/en';
import { bookingPhotoIdsSchema, photoSchema } from './photo';

/**
 * Notifications and the conversation of a booking: the shapes the server answers and the web reads.
 * A notification is made in the same transaction as the change it tells of (the outbox,
 * apps/server/src/notifications); it is shown in the app, and sent by e-mail and SMS as the
 * recipient's settings say.
 */

/** What happened. New booking states add their kind here and to NOTIFICATION_CATEGORY. */
export const NOTIFICATION_KINDS = [
  'booking_requested',
  'booking_cancelled',
  'booking_working',
  'booking_completed',
  'review_received',
  'message_received',
  'booking_accepted',
  'booking_declined',
  'booking_expired',
  'booking_proposed',
  'proposal_accepted',
  'proposal_declined',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The groups a person turns on and off per channel in Profile Settings. */
export const NOTIFICATION_CATEGORIES = ['bookings', 'status', 'reviews', 'messages'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

export const NOTIFICATION_CATEGORY: Record<NotificationKind, NotificationCategory> = {
  booking_requested: 'bookings',
  booking_cancelled: 'bookings',
  booking_working: 'status',
  booking_completed: 'status',
  review_received: 'reviews',
  message_received: 'messages',
  booking_accepted: 'status',
  booking_declined: 'status',
  booking_expired: 'status',
  booking_proposed: 'status',
  proposal_accepted: 'status',
  proposal_declined: 'status',
};

export const NOTIFICATION_CHANNELS = ['inApp', 'email', 'sms'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** The kinds an SMS may be sent for (short, urgent ones); the others have no SMS switch. */
export const SMS_KINDS: readonly NotificationKind[] = [
  'booking_requested',
  'booking_working',
  'booking_completed',
  'booking_accepted',
  'booking_declined',
];
/** The categories whose settings have an SMS switch. */
export const SMS_CATEGORIES: readonly NotificationCategory[] = ['bookings', 'status'];

const channelSwitches = z.strictObject({ inApp: z.boolean(), email: z.boolean(), sms: z.boolean() });
export const notificationSettingsSchema = z
  .strictObject({
    bookings: channelSwitches,
    status: channelSwitches,
    reviews: channelSwitches,
    messages: channelSwitches,
  })
  .meta({ id: 'NotificationSettings' });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** In the app and by e-mail on; SMS only for new bookings. */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  bookings: { inApp: true, email: true, sms: true },
  status: { inApp: true, email: true, sms: false },
  reviews: { inApp: true, email: true, sms: false },
  messages: { inApp: true, email: true, sms: false },
};

export const LANGUAGES = ['en', 'bn'] as const;
export type Language = (typeof LANGUAGES)[number];

/** `GET /api/users/me/notification-settings` (and by a signed link from an e-mail). */
export const notificationPreferencesSchema = z
  .object({
    settings: notificationSettingsSchema,
    /** The language of e-mails and SMS (the language switch keeps it). */
    language: z.enum(LANGUAGES),
    /** The verified mobile number SMS go to (+8801XXXXXXXXX), or null: no SMS at all. */
    smsPhone: z.string().nullable(),
    /** Whether this server sends SMS at all (a gateway is configured). */
    smsAvailable: z.boolean(),
  })
  .meta({ id: 'NotificationPreferences' });
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** `PUT /api/users/me/notification-settings`: either part, or both. */
export const notificationPreferencesUpdateSchema = z
  .strictObject({
    settings: notificationSettingsSchema.optional(),
    language: z.enum(LANGUAGES).optional(),
  })
  .meta({ id: 'NotificationPreferencesUpdate' });
export type NotificationPreferencesUpdate = z.infer<typeof notificationPreferencesUpdateSchema>;

/** `PUT /api/users/me/language`: the language switch, for a signed-in person. */
export const languageUpdateSchema = z.strictObject({ language: z.enum(LANGUAGES) }).meta({ id: 'LanguageUpdate' });

/**
 * `POST /api/users/me/sms-phone`: a Firebase ID token of the same account after the phone number
 * was linked by Firebase phone sign-in (its `phone_number` claim is the verified number).
 */
export const smsPhoneVerifySchema = z
  .strictObject({ idToken: z.string().min(1, { error: 'idToken is required' }).max(8192) })
  .meta({ id: 'SmsPhoneVerify' });

/** One notification as the bell and the list show it. Never carries another person's e-mail or phone. */
export const notificationSchema = z
  .object({
    /** Increasing; also the event id on the live stream (Last-Event-ID). */
    id: z.string(),
    kind: z.enum(NOTIFICATION_KINDS),
    bookingId: z.string(),
    serviceName: z.string(),
    /** The other person: who booked, cancelled, changed the status, reviewed or wrote. */
    actorName: z.string(),
    /** A message's first words, or a review's title. */
    excerpt: z.string().nullable(),
    /** A review's rating. */
    rating: z.number().int().nullable(),
    /** The booking's date (YYYY-MM-DD). */
    serviceTakingDate: z.string().nullable(),
    /** Where it leads in the web app (a path with the booking). */
    link: z.string(),
    createdAt: z.string(),
    readAt: z.string().nullable(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;

export const NOTIFICATIONS_PAGE_MAX = 50;
export const notificationListQuerySchema = z.strictObject({
  /** The id of the last notification of the previous page: the next page starts below it. */
  cursor: z
    .string()
    .regex(/^\d{1,18}$/, { error: 'cursor must be a notification id' })
    .optional(),
  limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_PAGE_MAX).default(20),
  unread: z.enum(['true', 'false']).optional(),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export const notificationPageSchema = z
  .object({
    items: z.array(notificationSchema),
    /** Pass as cursor for the next (older) page; null at the end. */
    nextCursor: z.string().nullable(),
    unread: z.number().int(),
  })
  .meta({ id: 'NotificationPage' });
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const unreadCountSchema = z.object({ unread: z.number().int() }).meta({ id: 'UnreadCount' });

/** `POST /api/notifications/read`: these ids, or every one when ids is left out. */
export const notificationsReadSchema = z
  .strictObject({
    ids: z
      .array(z.string().regex(/^\d{1,18}$/, { error: 'ids must be notification ids' }))
      .min(1)
      .max(100)
      .optional(),
  })
  .meta({ id: 'NotificationsRead' });

// The conversation of a booking.

export const MESSAGE_MAX = 2000;
export const MESSAGES_PAGE_MAX = 50;
/** A conversation turns read-only this many days after its booking is completed or cancelled. */
export const CONVERSATION_OPEN_DAYS = 30;
/** How many messages one person may send in a minute, across all their bookings. */
export const MESSAGES_PER_MINUTE = 20;

/** The sentences of a rejected message (the server's catalogue holds them in Bangla too). */
export const messageMessages = {
  empty: en.messageEmpty,
  tooLong: en.messageTooLong,
  control: en.messageControl,
} as const;

export const messageCreateSchema = z
  .strictObject({
    body: z
      .string({ error: messageMessages.empty })
      .regex(MULTI_LINE_TEXT, { error: messageMessages.control })
      .trim()
      .min(1, { error: messageMessages.empty })
      .max(MESSAGE_MAX, { error: messageMessages.tooLong }),
    /** Photos of the problem (issue 23): the caller's own uploads. */
    photoIds: bookingPhotoIdsSchema.optional(),
  })
  .meta({ id: 'MessageCreate' });
export type MessageCreate = z.infer<typeof messageCreateSchema>;

export const messageSchema = z
  .object({
    id: z.string(),
    bookingId: z.string(),
    /** Written by the caller. */
    mine: z.boolean(),
    authorName: z.string(),
    /** Plain text: shown as text, links never made into HTML. */
    body: z.string(),
    createdAt: z.string(),
    /** For the caller's own messages: the other party has read it. */
    seen: z.boolean(),
    /** Photos sent with it: only the booking's two parties see them. */
    photos: z.array(photoSchema),
  })
  .meta({ id: 'Message' });
export type Message = z.infer<typeof messageSchema>;

export const messageListQuerySchema = z.strictObject({
  /** The id of the oldest message of the previous page: the next page holds older ones. */
  before: z
    .string()
    .regex(/^\d{1,18}$/, { error: 'before must be a message id' })
    .optional(),
  limit: z.coerce.number().int().min(1).max(MESSAGES_PAGE_MAX).default(20),
});
export type MessageListQuery = z.infer<typeof messageListQuerySchema>;

export const conversationPageSchema = z
  .object({
    /** Newest first. */
    items: z.array(messageSchema),
    nextCursor: z.string().nullable(),
    /** The booking's service (its name when booked). */
    serviceName: z.string(),
    /** The other party's name (never their e-mail or phone). */
    otherName: z.string(),
    /** No more messages may be written (30 days after the booking was completed or cancelled). */
    readOnly: z.boolean(),
    /** The newest message of the caller's the other party has read (its id), or null. */
    seenUpTo: z.string().nullable(),
    /** Messages of the other party the caller has not read. */
    unread: z.number().int(),
  })
  .meta({ id: 'ConversationPage' });
export type ConversationPage = z.infer<typeof conversationPageSchema>;

/** `GET /api/messages/unread`: per booking with unread messages, how many. */
export const unreadConversationsSchema = z
  .object({ bookings: z.array(z.object({ bookingId: z.string(), unread: z.number().int() })) })
  .meta({ id: 'UnreadConversations' });
export type UnreadConversations = z.infer<typeof unreadConversationsSchema>;
