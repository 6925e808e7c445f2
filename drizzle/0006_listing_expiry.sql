-- Listings expire (issue 14, decision 020): an active listing leaves search LISTING_TTL_DAYS after
-- it was posted or renewed. Nothing in this migration uses the new value 'expired' (it cannot be
-- used in the transaction that adds it); the application's hourly sweep sets it.
ALTER TYPE "public"."listing_status" ADD VALUE 'expired';--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "expiry_reminded_at" timestamp with time zone;--> statement-breakpoint
-- Existing listings get the default term counted from when they were posted, but never less than
-- a week from now: nobody's listing disappears the hour this is deployed, and every owner whose
-- listing is past its term gets the reminder (3 days before) first.
UPDATE "listings" SET "expires_at" = greatest("created_at" + interval '60 days', now() + interval '7 days');--> statement-breakpoint
ALTER TABLE "listings" ALTER COLUMN "expires_at" SET DEFAULT now() + interval '60 days';--> statement-breakpoint
ALTER TABLE "listings" ALTER COLUMN "expires_at" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "listings_active_expires_idx" ON "listings" USING btree ("expires_at") WHERE "listings"."status" = 'active';
