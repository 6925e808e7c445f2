CREATE TABLE "listing_daily_stats" (
	"listing_id" uuid NOT NULL,
	"seller_id" text NOT NULL,
	"day" date NOT NULL,
	"days" smallint DEFAULT 1 NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"favorites" integer DEFAULT 0 NOT NULL,
	"phone_reveals" integer DEFAULT 0 NOT NULL,
	"whatsapp_taps" integer DEFAULT 0 NOT NULL,
	"conversations" integer DEFAULT 0 NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "listing_daily_stats_listing_id_day_pk" PRIMARY KEY("listing_id","day"),
	CONSTRAINT "listing_daily_stats_days_range" CHECK ("listing_daily_stats"."days" between 1 and 31)
);
--> statement-breakpoint
DROP INDEX "listings_status_created_idx";--> statement-breakpoint
DROP INDEX "listings_category_status_created_idx";--> statement-breakpoint
DROP INDEX "listings_active_category_make_created_idx";--> statement-breakpoint
DROP INDEX "listings_active_subcategory_created_idx";--> statement-breakpoint
DROP INDEX "listings_public_user_idx";--> statement-breakpoint
ALTER TABLE "phone_reveals" ADD COLUMN "channel" text DEFAULT 'phone' NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "bumped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "listed_at" timestamp with time zone GENERATED ALWAYS AS (coalesce(bumped_at, created_at)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "listing_daily_stats" ADD CONSTRAINT "listing_daily_stats_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_daily_stats" ADD CONSTRAINT "listing_daily_stats_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_daily_stats_seller_day_idx" ON "listing_daily_stats" USING btree ("seller_id","day");--> statement-breakpoint
CREATE INDEX "listings_status_listed_idx" ON "listings" USING btree ("status","listed_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "listings_category_status_listed_idx" ON "listings" USING btree ("category_id","status","listed_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "listings_active_category_make_listed_idx" ON "listings" USING btree ("category_id","make","listed_at" DESC NULLS FIRST) WHERE "listings"."status" = 'active';--> statement-breakpoint
CREATE INDEX "listings_active_subcategory_listed_idx" ON "listings" USING btree ("subcategory_id","listed_at" DESC NULLS FIRST) WHERE "listings"."status" = 'active';--> statement-breakpoint
CREATE INDEX "listings_public_user_idx" ON "listings" USING btree ("user_id",("status" = 'sold'),"listed_at" DESC NULLS FIRST) WHERE "listings"."status" in ('active', 'sold');