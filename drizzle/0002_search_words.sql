CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "listings_search_text_trgm_idx";--> statement-breakpoint
CREATE INDEX "search_words_word_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- Keeps search_words up to date whoever writes search_text: the listing form, the start-up
-- reindex, the demo seeder. Words are never removed: a stale one only suggests a correction
-- that then finds nothing.
CREATE OR REPLACE FUNCTION souqna_collect_search_words() RETURNS trigger AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT w FROM unnest(string_to_array(NEW.search_text, ' ')) AS w
    WHERE char_length(w) >= 4
  ON CONFLICT DO NOTHING;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER listings_collect_search_words
  AFTER INSERT OR UPDATE OF search_text ON listings
  FOR EACH ROW EXECUTE FUNCTION souqna_collect_search_words();
--> statement-breakpoint
INSERT INTO search_words (word)
  SELECT DISTINCT w FROM listings, unnest(string_to_array(search_text, ' ')) AS w
  WHERE char_length(w) >= 4
ON CONFLICT DO NOTHING;
