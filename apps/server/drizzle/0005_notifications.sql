-- Notifications and conversations (issue 19). Every statement here is quick on a live catalogue:
-- new tables, and columns added to users with constant defaults (PostgreSQL 11+ adds those without
-- rewriting the table), so reads and bookings are not blocked while it runs.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "sms_phone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "notification_settings" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_values" CHECK ("language" IN ('en', 'bn')) NOT VALID;--> statement-breakpoint
ALTER TABLE "users" VALIDATE CONSTRAINT "users_language_values";--> statement-breakpoint
CREATE TABLE "notifications" (
  "id" bigserial PRIMARY KEY,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "kind" text NOT NULL,
  "booking_id" uuid NOT NULL REFERENCES "bookings"("id") ON DELETE CASCADE,
  "actor_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "data" jsonb NOT NULL,
  "in_app" boolean NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "read_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" ("user_id", "id") WHERE in_app;--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" ("user_id") WHERE in_app AND read_at IS NULL;--> statement-breakpoint
CREATE INDEX "notifications_booking_idx" ON "notifications" ("booking_id");--> statement-breakpoint
CREATE INDEX "notifications_created_idx" ON "notifications" ("created_at") WHERE in_app;--> statement-breakpoint
CREATE TABLE "notification_deliveries" (
  "id" bigserial PRIMARY KEY,
  "notification_id" bigint NOT NULL REFERENCES "notifications"("id") ON DELETE CASCADE,
  "channel" text NOT NULL,
  "status" text DEFAULT 'pending' NOT NULL,
  "attempts" integer DEFAULT 0 NOT NULL,
  "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
  "locked_until" timestamp with time zone,
  "last_error" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "sent_at" timestamp with time zone,
  CONSTRAINT "deliveries_channel_values" CHECK ("channel" IN ('email', 'sms')),
  CONSTRAINT "deliveries_status_values" CHECK ("status" IN ('pending', 'sent', 'failed'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_notification_channel_unique" ON "notification_deliveries" ("notification_id", "channel");--> statement-breakpoint
CREATE INDEX "deliveries_due_idx" ON "notification_deliveries" ("next_attempt_at") WHERE status = 'pending';--> statement-breakpoint
CREATE TABLE "booking_messages" (
  "id" bigserial PRIMARY KEY,
  "booking_id" uuid NOT NULL REFERENCES "bookings"("id") ON DELETE CASCADE,
  "author_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "body" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "booking_messages_body_length" CHECK (char_length("body") BETWEEN 1 AND 2000)
);--> statement-breakpoint
CREATE INDEX "booking_messages_booking_idx" ON "booking_messages" ("booking_id", "id");--> statement-breakpoint
CREATE INDEX "booking_messages_author_idx" ON "booking_messages" ("author_id", "created_at");--> statement-breakpoint
CREATE TABLE "booking_reads" (
  "booking_id" uuid NOT NULL REFERENCES "bookings"("id") ON DELETE CASCADE,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "last_read_id" bigint NOT NULL,
  "read_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("booking_id", "user_id")
);
