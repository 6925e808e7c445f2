ALTER TABLE "listings" ADD COLUMN "make" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "year" numeric;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "kilometers" numeric;--> statement-breakpoint
-- A numeric detail as the range filter reads it: null when missing or empty (the listing is not
-- held to the range), the number when it is one, NaN when it is other text (NaN is outside every
-- range, so such a listing is filtered out, as the jsonb test did).
CREATE OR REPLACE FUNCTION souqna_detail_number(value text) RETURNS numeric AS $$
  SELECT CASE
    WHEN value IS NULL OR value = '' THEN NULL
    WHEN value ~ '^[0-9]+(\.[0-9]+)?$' THEN value::numeric
    ELSE 'NaN'::numeric
  END
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
-- Statement triggers with transition tables: one join per statement, so the demo seeder's
-- thousand-row inserts cost one UPDATE, and rows whose copies are already right (the seeder writes
-- them itself) are not rewritten.
CREATE OR REPLACE FUNCTION souqna_copy_filter_details() RETURNS trigger AS $$
BEGIN
  UPDATE listings l
    SET make = c.make, year = c.year, kilometers = c.kilometers
    FROM (
      SELECT n.listing_id,
        CASE WHEN jsonb_typeof(n.details -> 'make') = 'string' THEN n.details ->> 'make' END AS make,
        souqna_detail_number(n.details ->> 'year') AS year,
        souqna_detail_number(n.details ->> 'kilometers') AS kilometers
      FROM new_details n
    ) c
    WHERE l.id = c.listing_id
      AND (l.make, l.year, l.kilometers) IS DISTINCT FROM (c.make, c.year, c.kilometers);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION souqna_clear_filter_details() RETURNS trigger AS $$
BEGIN
  UPDATE listings l
    SET make = NULL, year = NULL, kilometers = NULL
    FROM old_details o
    WHERE l.id = o.listing_id
      AND (l.make IS NOT NULL OR l.year IS NOT NULL OR l.kilometers IS NOT NULL);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER listing_details_copy_after_insert
  AFTER INSERT ON listing_details REFERENCING NEW TABLE AS new_details
  FOR EACH STATEMENT EXECUTE FUNCTION souqna_copy_filter_details();
--> statement-breakpoint
CREATE TRIGGER listing_details_copy_after_update
  AFTER UPDATE ON listing_details REFERENCING NEW TABLE AS new_details
  FOR EACH STATEMENT EXECUTE FUNCTION souqna_copy_filter_details();
--> statement-breakpoint
CREATE TRIGGER listing_details_clear_after_delete
  AFTER DELETE ON listing_details REFERENCING OLD TABLE AS old_details
  FOR EACH STATEMENT EXECUTE FUNCTION souqna_clear_filter_details();
--> statement-breakpoint
-- New listings' words are collected once per statement instead of once per row: a thousand-row
-- insert repeats most of its words, and each repeat cost an index probe.
CREATE OR REPLACE FUNCTION souqna_collect_inserted_search_words() RETURNS trigger AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT w FROM new_listings, unnest(string_to_array(new_listings.search_text, ' ')) AS w
    WHERE char_length(w) >= 4
    ORDER BY 1
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER listings_collect_search_words ON listings;--> statement-breakpoint
CREATE TRIGGER listings_collect_search_words
  AFTER UPDATE OF search_text ON listings
  FOR EACH ROW EXECUTE FUNCTION souqna_collect_search_words();
--> statement-breakpoint
CREATE TRIGGER listings_collect_inserted_search_words
  AFTER INSERT ON listings REFERENCING NEW TABLE AS new_listings
  FOR EACH STATEMENT EXECUTE FUNCTION souqna_collect_inserted_search_words();
--> statement-breakpoint
-- Backfill before the index exists (one index build instead of an insert per row), and only the
-- rows that have one of the three details: every other row's copies are rightly null.
UPDATE listings l
  SET make = CASE WHEN jsonb_typeof(d.details -> 'make') = 'string' THEN d.details ->> 'make' END,
    year = souqna_detail_number(d.details ->> 'year'),
    kilometers = souqna_detail_number(d.details ->> 'kilometers')
  FROM listing_details d
  WHERE d.listing_id = l.id AND d.details ?| array['make', 'year', 'kilometers'];--> statement-breakpoint
CREATE INDEX "listings_active_category_make_created_idx" ON "listings" USING btree ("category_id","make","created_at" DESC NULLS FIRST) WHERE "listings"."status" = 'active';
--> statement-breakpoint
-- A make implies motors. Without these statistics the planner multiplies the two conditions'
-- selectivities, expects a fifth of the Kias, and builds a bitmap of all 37,000 of them instead of
-- walking the index until it has counted 1,001 (35 ms against 3 ms at a million listings).
CREATE STATISTICS IF NOT EXISTS listings_category_make_stats (dependencies, mcv) ON category_id, make FROM listings;--> statement-breakpoint
ANALYZE listings;
