CREATE TABLE "phone_reveals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" text NOT NULL,
	"listing_id" uuid NOT NULL,
	"ip_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD COLUMN "details" jsonb;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "status_before_removal" "listing_status";--> statement-breakpoint
ALTER TABLE "phone_reveals" ADD CONSTRAINT "phone_reveals_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_reveals" ADD CONSTRAINT "phone_reveals_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "phone_reveals_member_created_idx" ON "phone_reveals" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "phone_reveals_ip_created_idx" ON "phone_reveals" USING btree ("ip_hash","created_at");--> statement-breakpoint
-- Listings already removed remember what they were from their removal code (held or suspended
-- while sold → sold; anything else → active, the only status that could be removed before).
UPDATE "listings" SET "status_before_removal" = CASE
  WHEN "removal_reason" IN ('held:reports:sold', 'suspended:sold') THEN 'sold'::listing_status
  ELSE 'active'::listing_status
END WHERE "status" = 'removed';
