-- The in-memory search index reads the services changed since its last read (routes/search/search-index-sync.ts).
CREATE INDEX IF NOT EXISTS "services_updated_idx" ON "services" ("updated_at");
