-- A booking both sides can act on (issue 20): accept or decline, expiry, a time window, where the
-- work happens and how to reach each other, and new times proposed. Every statement is quick on a
-- live catalogue: nullable columns or columns with constant defaults (PostgreSQL 11+ adds those
-- without rewriting the table) and a new table, so reads and bookings are not blocked.
ALTER TABLE "bookings" ADD COLUMN IF NOT EXISTS "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN IF NOT EXISTS "declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN IF NOT EXISTS "decline_reason" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN IF NOT EXISTS "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN IF NOT EXISTS "expired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN IF NOT EXISTS "window_name" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN IF NOT EXISTS "window_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN IF NOT EXISTS "window_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN IF NOT EXISTS "location" text DEFAULT 'shop' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN IF NOT EXISTS "address" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN IF NOT EXISTS "customer_phone" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN IF NOT EXISTS "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN IF NOT EXISTS "weekly_hours" jsonb;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN IF NOT EXISTS "job_minutes" integer;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN IF NOT EXISTS "work_location" text DEFAULT 'either' NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN IF NOT EXISTS "shop_address" text;--> statement-breakpoint
-- Pending bookings made before this migration never expire (expires_at stays null); the sweep
-- finds the ones that do through this small partial index.
CREATE INDEX IF NOT EXISTS "bookings_expiry_idx" ON "bookings" ("expires_at")
  WHERE status = 'pending' AND accepted_at IS NULL AND declined_at IS NULL AND cancelled_at IS NULL AND expired_at IS NULL;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "booking_proposals" (
  "id" bigserial PRIMARY KEY,
  "booking_id" uuid NOT NULL REFERENCES "bookings"("id") ON DELETE CASCADE,
  "proposed_by" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "window_name" text NOT NULL,
  "window_start" timestamp with time zone NOT NULL,
  "window_end" timestamp with time zone NOT NULL,
  "status" text DEFAULT 'open' NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "answered_at" timestamp with time zone,
  CONSTRAINT "booking_proposals_status_values" CHECK ("status" IN ('open', 'accepted', 'declined', 'superseded', 'closed'))
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "booking_proposals_booking_idx" ON "booking_proposals" ("booking_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "booking_proposals_one_open" ON "booking_proposals" ("booking_id") WHERE status = 'open';
