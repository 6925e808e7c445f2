DROP INDEX "saved_searches_category_idx";--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "match_keys" text[];--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "match_keys_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "saved_searches_match_keys_idx" ON "saved_searches" USING gin ("match_keys");--> statement-breakpoint
CREATE INDEX "saved_searches_unkeyed_idx" ON "saved_searches" USING btree ("id") WHERE "saved_searches"."match_keys" is null;--> statement-breakpoint
ALTER TABLE "saved_searches" DROP COLUMN "category_id";