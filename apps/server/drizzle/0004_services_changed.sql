-- The in-memory search index holds each public service's row as the list shows it (routes/search),
-- so it must hear of every change to that row, not only the provider's edits that set updated_at:
-- the booking count, the rating and review count, the provider's e-mail and its verification.
-- changed_at is set by the database on every update of a service, and on its provider's update of
-- those two fields; the index reads the services changed since its last read by this column.
ALTER TABLE "services" ADD COLUMN IF NOT EXISTS "changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "services_changed_idx" ON "services" ("changed_at");--> statement-breakpoint
DROP INDEX IF EXISTS "services_updated_idx";--> statement-breakpoint
CREATE FUNCTION services_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.changed_at := now();
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER services_changed BEFORE UPDATE ON services
  FOR EACH ROW EXECUTE FUNCTION services_changed();--> statement-breakpoint
CREATE FUNCTION provider_services_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE services SET changed_at = now() WHERE provider_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER provider_services_changed AFTER UPDATE OF email, email_verified ON users
  FOR EACH ROW WHEN (OLD.email IS DISTINCT FROM NEW.email OR OLD.email_verified IS DISTINCT FROM NEW.email_verified)
  EXECUTE FUNCTION provider_services_changed();
