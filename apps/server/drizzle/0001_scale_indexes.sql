DROP INDEX "services_public_newest_idx";--> statement-breakpoint
CREATE INDEX "services_public_name_idx" ON "services" USING btree (lower("service_name"),"id") WHERE status = 'active' AND deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "services_public_price_idx" ON "services" USING btree ("service_price","id") WHERE status = 'active' AND deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "services_public_provider_idx" ON "services" USING btree (lower("provider_name"),"id") WHERE status = 'active' AND deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "services_public_area_idx" ON "services" USING btree ("service_area") WHERE status = 'active' AND deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "services_public_newest_idx" ON "services" USING btree ("created_at","id") WHERE status = 'active' AND deleted_at IS NULL;
