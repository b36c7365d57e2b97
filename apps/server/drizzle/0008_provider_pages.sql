-- A provider's page (issue 22) lists the reviews of all their services, newest first, paged, and
-- counts them with their mean rating: this index serves both without reading every review. Built
-- once; at a million services (about 400,000 reviews) it takes about a second, during which new
-- reviews wait.
CREATE INDEX IF NOT EXISTS "reviews_provider_idx" ON "reviews" ("provider_id", "created_at");
