CREATE TABLE "listing_screenings" (
	"listing_id" uuid PRIMARY KEY NOT NULL,
	"score" integer NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"matched_listing_id" uuid,
	"screened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"held_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"decision" text,
	"decision_reason" text,
	CONSTRAINT "listing_screenings_decision" CHECK ("listing_screenings"."decision" in ('approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "screening_words" (
	"id" serial PRIMARY KEY NOT NULL,
	"phrase" text NOT NULL,
	"normalized" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listing_screenings" ADD CONSTRAINT "listing_screenings_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_screenings" ADD CONSTRAINT "listing_screenings_matched_listing_id_listings_id_fk" FOREIGN KEY ("matched_listing_id") REFERENCES "public"."listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_screenings" ADD CONSTRAINT "listing_screenings_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_words" ADD CONSTRAINT "screening_words_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_screenings_waiting_idx" ON "listing_screenings" USING btree ("held_at") WHERE "listing_screenings"."held_at" is not null and "listing_screenings"."decided_at" is null;--> statement-breakpoint
CREATE INDEX "listing_screenings_decided_idx" ON "listing_screenings" USING btree ("decided_at") WHERE "listing_screenings"."decided_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "screening_words_normalized_idx" ON "screening_words" USING btree ("normalized");