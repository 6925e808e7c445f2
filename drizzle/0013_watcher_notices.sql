CREATE TABLE "watcher_notices" (
	"listing_id" uuid NOT NULL,
	"member_id" text NOT NULL,
	"notified_at" timestamp with time zone NOT NULL,
	"lowest_price" bigint,
	"sold_notified_at" timestamp with time zone,
	CONSTRAINT "watcher_notices_listing_id_member_id_pk" PRIMARY KEY("listing_id","member_id")
);
--> statement-breakpoint
ALTER TABLE "watcher_notices" ADD CONSTRAINT "watcher_notices_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watcher_notices" ADD CONSTRAINT "watcher_notices_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "watcher_notices_member_idx" ON "watcher_notices" USING btree ("member_id");