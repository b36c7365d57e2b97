-- Photos (issue 23): a new table, so adding it reads and locks nothing of the existing ones.
CREATE TABLE IF NOT EXISTS "photos" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "owner_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "width" integer NOT NULL,
  "height" integer NOT NULL,
  "variants" jsonb NOT NULL,
  "placeholder" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "attached_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "photos_owner_idx" ON "photos" ("owner_id", "created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "photos_unattached_idx" ON "photos" ("created_at") WHERE "attached_at" IS NULL;
