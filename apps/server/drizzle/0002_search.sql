CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"services" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, normalize(service_name, NFC)), 'A') || setweight(to_tsvector('simple'::regconfig, service_area), 'B') || setweight(to_tsvector('simple'::regconfig, normalize(provider_name, NFC)), 'C') || setweight(to_tsvector('simple'::regconfig, normalize(service_description, NFC)), 'D')) STORED;--> statement-breakpoint
CREATE INDEX "search_words_prefix_idx" ON "search_words" USING btree ("word" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gist ("word" gist_trgm_ops);--> statement-breakpoint
CREATE INDEX "services_public_search_idx" ON "services" USING gin ("search_vector") WHERE status = 'active' AND deleted_at IS NULL;--> statement-breakpoint
-- Hand-written (drizzle cannot express triggers): search_words counts, for every word, the public
-- services whose search_vector holds it. Statement-level triggers see the changed rows as tables,
-- so a bulk insert of 50,000 services updates the words once. An update counts only the rows whose
-- words or visibility changed (a booking or a review changing the counters leaves the words alone).
CREATE FUNCTION search_words_add(vectors tsvector[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_words AS w (word, services)
    SELECT word, count(*)::int FROM unnest(vectors) AS v, unnest(tsvector_to_array(v)) AS word
    GROUP BY word ORDER BY word
  ON CONFLICT (word) DO UPDATE SET services = w.services + excluded.services;
$$;--> statement-breakpoint
CREATE FUNCTION search_words_remove(vectors tsvector[]) RETURNS void LANGUAGE sql AS $$
  WITH lost AS (
    SELECT word, count(*)::int AS n FROM unnest(vectors) AS v, unnest(tsvector_to_array(v)) AS word
    GROUP BY word ORDER BY word
  ), counted AS (
    UPDATE search_words w SET services = w.services - lost.n FROM lost WHERE w.word = lost.word
    RETURNING w.word, w.services
  )
  DELETE FROM search_words WHERE word IN (SELECT word FROM counted WHERE services <= 0);
$$;--> statement-breakpoint
CREATE FUNCTION search_words_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM search_words_add(ARRAY(
      SELECT search_vector FROM new_rows WHERE status = 'active' AND deleted_at IS NULL));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM search_words_remove(ARRAY(
      SELECT search_vector FROM old_rows WHERE status = 'active' AND deleted_at IS NULL));
  ELSE
    PERFORM search_words_remove(ARRAY(
      SELECT o.search_vector FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE o.status = 'active' AND o.deleted_at IS NULL
        AND (n.status <> 'active' OR n.deleted_at IS NOT NULL OR n.search_vector <> o.search_vector)));
    PERFORM search_words_add(ARRAY(
      SELECT n.search_vector FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.status = 'active' AND n.deleted_at IS NULL
        AND (o.status <> 'active' OR o.deleted_at IS NOT NULL OR o.search_vector <> n.search_vector)));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER search_words_insert AFTER INSERT ON services
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_count();--> statement-breakpoint
CREATE TRIGGER search_words_update AFTER UPDATE ON services
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_count();--> statement-breakpoint
CREATE TRIGGER search_words_delete AFTER DELETE ON services
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_count();--> statement-breakpoint
INSERT INTO search_words (word, services)
  SELECT word, count(*)::int FROM services s, unnest(tsvector_to_array(s.search_vector)) AS word
  WHERE s.status = 'active' AND s.deleted_at IS NULL
  GROUP BY word;
