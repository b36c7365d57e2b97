import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { NotificationSettings, WeeklyHours } from '@meramot/shared';
import type { NotificationData } from '../notifications/notification-data';

/** PostgreSQL's full-text document type (drizzle has no built-in one). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

const areaList = sql.raw(
  ["'Dhaka'", "'Chittagong'", "'Rajshahi'", "'Khulna'", "'Barisal'", "'Sylhet'", "'Rangpur'", "'Mymensingh'"].join(
    ', ',
  ),
);

export const users = pgTable(
  'users',
  {
    id: id(),
    firebaseUid: text('firebase_uid').notNull().unique(),
    email: text('email').notNull(),
    displayName: text('display_name'),
    photoUrl: text('photo_url'),
    phone: text('phone'),
    emailVerified: boolean('email_verified').notNull().default(false),
    createdAt: createdAt(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** The language of e-mails and SMS sent to the person (the web's language switch keeps it). */
    language: text('language').notNull().default('en'),
    /** The mobile number verified by Firebase phone sign-in (+8801XXXXXXXXX): SMS go only there. */
    smsPhone: text('sms_phone'),
    /** Notification switches per category and channel; null: the defaults (packages/shared). */
    notificationSettings: jsonb('notification_settings').$type<NotificationSettings>(),
    /** When the person sent their messages of the last minute (at most 20): the messages' rate limit. */
    recentMessageTimes: timestamp('recent_message_times', { withTimezone: true }).array(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
    check('users_language_values', sql`${t.language} IN ('en', 'bn')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

const publicOnly = sql`status = 'active' AND deleted_at IS NULL`;

export const services = pgTable(
  'services',
  {
    id: id(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    serviceName: text('service_name').notNull(),
    serviceDescription: text('service_description').notNull(),
    servicePrice: numeric('service_price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    serviceArea: text('service_area').notNull(),
    /**
     * Its district (a district id of src/places, in the division `serviceArea`), null when its
     * provider named only the division (the spec's clients). Indexed by places/backfill.ts.
     */
    district: text('district'),
    /** The upazilas or city areas of the district it serves (area ids); none: the whole district. */
    placeAreas: text('place_areas')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    serviceImage: text('service_image').notNull(),
    providerName: text('provider_name').notNull(),
    providerImage: text('provider_image'),
    status: text('status').notNull().default('active'),
    bookingsCount: integer('bookings_count').notNull().default(0),
    ratingTotal: integer('rating_total').notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    ratingAvg: numeric('rating_avg', { precision: 3, scale: 2, mode: 'number' }).generatedAlwaysAs(
      (): SQL => sql`CASE WHEN review_count > 0 THEN round(rating_total::numeric / review_count, 2) END`,
    ),
    /** Name, description, provider name and area joined by U+0001 (never typed), for ILIKE search. */
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL =>
        sql`lower(service_name || chr(1) || service_description || chr(1) || provider_name || chr(1) || service_area)`,
    ),
    /**
     * The words of the service for full-text search, weighted by where they stand: name (A), area
     * (B), provider name (C), description (D). `simple` lower-cases and keeps every word as typed
     * (no stemming, no stop words), which suits Bangla, Banglish and brand names alike.
     */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('simple'::regconfig, normalize(service_name, NFC)), 'A') || setweight(to_tsvector('simple'::regconfig, service_area), 'B') || setweight(to_tsvector('simple'::regconfig, normalize(provider_name, NFC)), 'C') || setweight(to_tsvector('simple'::regconfig, normalize(service_description, NFC)), 'D')`,
    ),
    /** The provider's weekly hours in Asia/Dhaka (null: DEFAULT_WEEKLY_HOURS). */
    weeklyHours: jsonb('weekly_hours').$type<WeeklyHours>(),
    /** How long the job usually takes, in minutes (null: the provider did not say). */
    jobMinutes: integer('job_minutes'),
    workLocation: text('work_location').notNull().default('either'),
    shopAddress: text('shop_address'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Set by the database on every update of the row (any column) and when its provider's e-mail or
     * its verification changes (migration 0004's triggers): the in-memory search index, which holds
     * the rows as lists show them, reads what changed by it.
     */
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    check('services_price_min', sql`${t.servicePrice} >= 100`),
    check('services_area_division', sql`${t.serviceArea} IN (${areaList})`),
    check('services_status_values', sql`${t.status} IN ('active', 'paused')`),
    check(
      'services_counts_nonnegative',
      sql`${t.bookingsCount} >= 0 AND ${t.reviewCount} >= 0 AND ${t.ratingTotal} >= 0`,
    ),
    index('services_provider_idx').on(t.providerId, t.createdAt),
    index('services_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('services_public_search_idx').using('gin', t.searchVector).where(publicOnly),
    // One index per sort of the public list (ascending: a backward scan serves the descending sorts;
    // an explicit DESC index would be NULLS LAST, which `ORDER BY ... DESC` cannot use). Area and
    // search filters walk these in order and stop at the page's rows.
    index('services_public_newest_idx').on(t.createdAt, t.id).where(publicOnly),
    index('services_public_name_idx')
      .on(sql`lower(${t.serviceName})`, t.id)
      .where(publicOnly),
    index('services_public_price_idx').on(t.servicePrice, t.id).where(publicOnly),
    index('services_public_provider_idx')
      .on(sql`lower(${t.providerName})`, t.id)
      .where(publicOnly),
    index('services_public_area_idx').on(t.serviceArea).where(publicOnly),
    index('services_changed_idx').on(t.changedAt),
  ],
);

/**
 * The words of the public catalogue with the number of public services holding each (kept by
 * triggers on services, see the migration): prefix completion, document frequencies to choose a
 * plan, and typo candidates (trigram distance).
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
    services: integer('services').notNull(),
  },
  (t) => [
    index('search_words_prefix_idx').on(t.word.op('text_pattern_ops')),
    index('search_words_trgm_idx').using('gist', t.word.op('gist_trgm_ops')),
  ],
);

export const bookings = pgTable(
  'bookings',
  {
    id: id(),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'restrict' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    serviceName: text('service_name').notNull(),
    serviceImage: text('service_image').notNull(),
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    serviceTakingDate: date('service_taking_date', { mode: 'string' }).notNull(),
    specialInstruction: text('special_instruction').notNull().default(''),
    status: text('status').notNull().default('pending'),
    bookedAt: timestamp('booked_at', { withTimezone: true }).notNull().defaultNow(),
    /** The provider's first status change (the response time is measured to it). */
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    idempotencyKey: text('idempotency_key'),
    // Issue 20: accept, decline, expiry, the time window, where and how to reach each other.
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
    /** When a pending booking made since migration 0007 expires unanswered. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    windowName: text('window_name'),
    windowStart: timestamp('window_start', { withTimezone: true }),
    windowEnd: timestamp('window_end', { withTimezone: true }),
    location: text('location').notNull().default('shop'),
    address: text('address'),
    customerPhone: text('customer_phone'),
  },
  (t) => [
    check('bookings_status_values', sql`${t.status} IN ('pending', 'working', 'completed')`),
    check('bookings_not_self', sql`${t.customerId} <> ${t.providerId}`),
    check('bookings_price_min', sql`${t.price} >= 100`),
    check('bookings_completed_at', sql`(${t.status} = 'completed') = (${t.completedAt} IS NOT NULL)`),
    index('bookings_customer_idx').on(t.customerId, t.bookedAt),
    index('bookings_provider_idx').on(t.providerId, t.bookedAt),
    index('bookings_service_idx').on(t.serviceId),
    uniqueIndex('bookings_idempotency_unique').on(t.customerId, t.idempotencyKey),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    bookingId: uuid('booking_id')
      .notNull()
      .unique('reviews_booking_unique')
      .references(() => bookings.id, { onDelete: 'restrict' }),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'restrict' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    rating: smallint('rating').notNull(),
    title: text('title').notNull(),
    comment: text('comment').notNull(),
    createdAt: createdAt(),
    /** The customer's last edit (allowed for REVIEW_EDIT_DAYS after the review was written). */
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (t) => [
    check('reviews_rating_range', sql`${t.rating} BETWEEN 1 AND 5`),
    check('reviews_comment_length', sql`char_length(${t.comment}) BETWEEN 10 AND 500`),
    check('reviews_title_length', sql`char_length(${t.title}) <= 100`),
    index('reviews_service_idx').on(t.serviceId, t.createdAt),
    index('reviews_customer_idx').on(t.customerId, t.createdAt),
    // A provider's page: their reviews newest first, their count and mean (migration 0008).
    index('reviews_provider_idx').on(t.providerId, t.createdAt),
    index('reviews_created_idx').on(t.createdAt),
  ],
);

/**
 * What happened, to whom: written in the same transaction as the change (notifications/events.ts).
 * The row is the in-app notification (when `in_app`) and the source of its deliveries.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The facts shown and sent: service name, the actor's name, an excerpt, a rating, the date. */
    data: jsonb('data').$type<NotificationData>().notNull(),
    /** Shown in the app (the recipient's in-app switch for its category, when it was made). */
    inApp: boolean('in_app').notNull(),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_idx')
      .on(t.userId, t.id)
      .where(sql`in_app`),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`in_app AND read_at IS NULL`),
    index('notifications_booking_idx').on(t.bookingId),
    // The live streams' catch-up reads the last 30 s.
    index('notifications_created_idx')
      .on(t.createdAt)
      .where(sql`in_app`),
  ],
);

/** The outbox: one row per notification and external channel, drained by every instance. */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    notificationId: bigint('notification_id', { mode: 'number' })
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Claimed by an instance until then (a lease: an instance that died lets it go). */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    check('deliveries_channel_values', sql`${t.channel} IN ('email', 'sms')`),
    check('deliveries_status_values', sql`${t.status} IN ('pending', 'sent', 'failed')`),
    uniqueIndex('deliveries_notification_channel_unique').on(t.notificationId, t.channel),
    index('deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
  ],
);

/** The conversation of a booking: its customer and its provider only. */
export const bookingMessages = pgTable(
  'booking_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('booking_messages_body_length', sql`char_length(${t.body}) BETWEEN 1 AND 2000`),
    index('booking_messages_booking_idx').on(t.bookingId, t.id),
    index('booking_messages_author_idx').on(t.authorId, t.createdAt),
  ],
);

/** How far each party has read a booking's conversation (the newest message id read). */
export const bookingReads = pgTable(
  'booking_reads',
  {
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadId: bigint('last_read_id', { mode: 'number' }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.bookingId, t.userId] })],
);

/** Every new time proposed for a booking by either party, and what became of it (issue 20). */
export const bookingProposals = pgTable(
  'booking_proposals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    proposedBy: uuid('proposed_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    windowName: text('window_name').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    windowEnd: timestamp('window_end', { withTimezone: true }).notNull(),
    status: text('status').notNull().default('open'),
    createdAt: createdAt(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'booking_proposals_status_values',
      sql`${t.status} IN ('open', 'accepted', 'declined', 'superseded', 'closed')`,
    ),
    index('booking_proposals_booking_idx').on(t.bookingId, t.id),
    uniqueIndex('booking_proposals_one_open')
      .on(t.bookingId)
      .where(sql`status = 'open'`),
  ],
);

/**
 * An uploaded photo (issue 23): its variants (three widths as WebP, and AVIF where smaller; the
 * files are in the photo store under their content hash) and a tiny placeholder. Unattached (no
 * service, profile, booking or message shows it yet) until attached_at is set; the sweep removes an
 * unattached photo after a day, and a file once no photo refers to it.
 */
export const photos = pgTable(
  'photos',
  {
    id: id(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** [{ width, height, format: 'webp' | 'avif', key }] */
    variants: jsonb('variants')
      .$type<{ width: number; height: number; format: 'webp' | 'avif'; key: string }[]>()
      .notNull(),
    placeholder: text('placeholder').notNull(),
    createdAt: createdAt(),
    attachedAt: timestamp('attached_at', { withTimezone: true }),
    // Where it is attached (at most one of these; none while unattached): drizzle/0010.
    serviceId: uuid('service_id').references(() => services.id, { onDelete: 'cascade' }),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    messageId: bigint('message_id', { mode: 'number' }).references(() => bookingMessages.id, { onDelete: 'cascade' }),
    profileOf: uuid('profile_of').references(() => users.id, { onDelete: 'cascade' }),
    /** Its place among its service's, booking's or message's photos (0 is a service's cover). */
    position: smallint('position').notNull().default(0),
  },
  (t) => [
    index('photos_owner_idx').on(t.ownerId, t.createdAt),
    index('photos_unattached_idx')
      .on(t.createdAt)
      .where(sql`${t.attachedAt} IS NULL`),
    index('photos_service_idx')
      .on(t.serviceId, t.position)
      .where(sql`${t.serviceId} IS NOT NULL`),
    index('photos_booking_idx')
      .on(t.bookingId, t.position)
      .where(sql`${t.bookingId} IS NOT NULL`),
    index('photos_message_idx')
      .on(t.messageId, t.position)
      .where(sql`${t.messageId} IS NOT NULL`),
    uniqueIndex('photos_profile_idx')
      .on(t.profileOf)
      .where(sql`${t.profileOf} IS NOT NULL`),
    index('photos_variants_idx').using('gin', sql`${t.variants} jsonb_path_ops`),
  ],
);

export const schema = {
  photos,
  users,
  sessions,
  services,
  searchWords,
  bookings,
  reviews,
  notifications,
  notificationDeliveries,
  bookingMessages,
  bookingReads,
  bookingProposals,
};
export type Schema = typeof schema;
