CREATE TABLE "rating_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rating_id" uuid NOT NULL,
	"reporter_id" text,
	"details" text DEFAULT '' NOT NULL,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rating_reports_details_length" CHECK (char_length("rating_reports"."details") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "ratings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid,
	"listing_id" uuid,
	"listing_title" text NOT NULL,
	"rater_id" text NOT NULL,
	"rated_id" text NOT NULL,
	"rated_as" text NOT NULL,
	"stars" smallint NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"rater_network" text NOT NULL,
	"counts" boolean NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"removed_by" text,
	"removal_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ratings_stars_range" CHECK ("ratings"."stars" between 1 and 5),
	CONSTRAINT "ratings_rated_as" CHECK ("ratings"."rated_as" in ('seller', 'buyer')),
	CONSTRAINT "ratings_tags_count" CHECK (cardinality("ratings"."tags") <= 3),
	CONSTRAINT "ratings_comment_length" CHECK (char_length("ratings"."comment") <= 500),
	CONSTRAINT "ratings_reply_length" CHECK (char_length("ratings"."reply") <= 500),
	CONSTRAINT "ratings_not_self" CHECK ("ratings"."rater_id" <> "ratings"."rated_id")
);
--> statement-breakpoint
ALTER TABLE "rating_reports" ADD CONSTRAINT "rating_reports_rating_id_ratings_id_fk" FOREIGN KEY ("rating_id") REFERENCES "public"."ratings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_reports" ADD CONSTRAINT "rating_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_rater_id_users_id_fk" FOREIGN KEY ("rater_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_rated_id_users_id_fk" FOREIGN KEY ("rated_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rating_reports_rating_reporter_key" ON "rating_reports" USING btree ("rating_id","reporter_id");--> statement-breakpoint
CREATE INDEX "rating_reports_open_idx" ON "rating_reports" USING btree ("created_at") WHERE "rating_reports"."resolved_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "ratings_conversation_rater_key" ON "ratings" USING btree ("conversation_id","rater_id");--> statement-breakpoint
CREATE INDEX "ratings_rated_created_idx" ON "ratings" USING btree ("rated_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "ratings_rated_network_created_idx" ON "ratings" USING btree ("rated_id","rater_network","created_at");