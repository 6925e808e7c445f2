ALTER TABLE "listing_images" ADD COLUMN "photo_hash" bigint;--> statement-breakpoint
ALTER TABLE "listing_images" ADD COLUMN "photo_colours" text;--> statement-breakpoint
ALTER TABLE "staged_photos" ADD COLUMN "prints" jsonb;--> statement-breakpoint
CREATE INDEX "listing_images_photo_band0_idx" ON "listing_images" USING btree ((("photo_hash" >> 48) & 65535)) WHERE "listing_images"."photo_hash" is not null;--> statement-breakpoint
CREATE INDEX "listing_images_photo_band1_idx" ON "listing_images" USING btree ((("photo_hash" >> 32) & 65535)) WHERE "listing_images"."photo_hash" is not null;--> statement-breakpoint
CREATE INDEX "listing_images_photo_band2_idx" ON "listing_images" USING btree ((("photo_hash" >> 16) & 65535)) WHERE "listing_images"."photo_hash" is not null;--> statement-breakpoint
CREATE INDEX "listing_images_photo_band3_idx" ON "listing_images" USING btree ((("photo_hash" >> 0) & 65535)) WHERE "listing_images"."photo_hash" is not null;