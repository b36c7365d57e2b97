-- Where a service works (issue 24): its district and the upazilas or city areas it serves (ids of
-- src/places). Both columns are added without rewriting the table: `district` has no default, and
-- `place_areas` a constant one (PostgreSQL keeps it in the catalogue). Services that predate them
-- are given a district by src/places/backfill.ts, in batches, after the migration; the same job
-- then builds the two indexes CONCURRENTLY (a migration runs in a transaction, where CONCURRENTLY
-- cannot, and a plain CREATE INDEX on a million services would hold up bookings for seconds).
ALTER TABLE "services" ADD COLUMN IF NOT EXISTS "district" text;
--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN IF NOT EXISTS "place_areas" text[] DEFAULT '{}'::text[] NOT NULL;
--> statement-breakpoint
-- The backfill's progress: which services it has still to fill (those created before this moment,
-- without a district), and how far it has come in the primary key's order.
CREATE TABLE IF NOT EXISTS "place_backfill" (
  "id" smallint PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
  "before" timestamp with time zone NOT NULL DEFAULT now(),
  "after_id" uuid,
  "filled" integer NOT NULL DEFAULT 0,
  "done_at" timestamp with time zone
);
--> statement-breakpoint
INSERT INTO "place_backfill" ("id") VALUES (1) ON CONFLICT DO NOTHING;
