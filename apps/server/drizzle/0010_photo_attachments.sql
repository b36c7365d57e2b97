-- Where a photo is attached (issue 23): a service (in order, the first its cover), a booking
-- request, a message, or a profile. The photos table is new and small; its new columns have no
-- default, so adding them rewrites nothing. Each foreign key is added NOT VALID and then validated:
-- the referenced tables (services, bookings, booking_messages, users) are only briefly locked
-- against writes while the constraint is added, and reads are never blocked.
ALTER TABLE "photos" ADD COLUMN IF NOT EXISTS "service_id" uuid;
--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN IF NOT EXISTS "booking_id" uuid;
--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN IF NOT EXISTS "message_id" bigint;
--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN IF NOT EXISTS "profile_of" uuid;
--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN IF NOT EXISTS "position" smallint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_service_id_fk" FOREIGN KEY ("service_id") REFERENCES "services"("id") ON DELETE cascade NOT VALID;
--> statement-breakpoint
ALTER TABLE "photos" VALIDATE CONSTRAINT "photos_service_id_fk";
--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "bookings"("id") ON DELETE cascade NOT VALID;
--> statement-breakpoint
ALTER TABLE "photos" VALIDATE CONSTRAINT "photos_booking_id_fk";
--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_message_id_fk" FOREIGN KEY ("message_id") REFERENCES "booking_messages"("id") ON DELETE cascade NOT VALID;
--> statement-breakpoint
ALTER TABLE "photos" VALIDATE CONSTRAINT "photos_message_id_fk";
--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_profile_of_fk" FOREIGN KEY ("profile_of") REFERENCES "users"("id") ON DELETE cascade NOT VALID;
--> statement-breakpoint
ALTER TABLE "photos" VALIDATE CONSTRAINT "photos_profile_of_fk";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "photos_service_idx" ON "photos" ("service_id", "position") WHERE "service_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "photos_booking_idx" ON "photos" ("booking_id", "position") WHERE "booking_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "photos_message_idx" ON "photos" ("message_id", "position") WHERE "message_id" IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "photos_profile_idx" ON "photos" ("profile_of") WHERE "profile_of" IS NOT NULL;
--> statement-breakpoint
-- Which photos hold a file (files are named by content, so two uploads of one image share them).
CREATE INDEX IF NOT EXISTS "photos_variants_idx" ON "photos" USING gin ("variants" jsonb_path_ops);
