DROP INDEX "listing_images_photo_band0_idx";--> statement-breakpoint
DROP INDEX "listing_images_photo_band1_idx";--> statement-breakpoint
DROP INDEX "listing_images_photo_band2_idx";--> statement-breakpoint
DROP INDEX "listing_images_photo_band3_idx";--> statement-breakpoint
CREATE INDEX "listing_images_photo_band0_idx" ON "listing_images" USING btree ((("photo_hash" >> 48) & 65535),"photo_hash","id") WHERE "listing_images"."photo_hash" is not null;--> statement-breakpoint
CREATE INDEX "listing_images_photo_band1_idx" ON "listing_images" USING btree ((("photo_hash" >> 32) & 65535),"photo_hash","id") WHERE "listing_images"."photo_hash" is not null;--> statement-breakpoint
CREATE INDEX "listing_images_photo_band2_idx" ON "listing_images" USING btree ((("photo_hash" >> 16) & 65535),"photo_hash","id") WHERE "listing_images"."photo_hash" is not null;--> statement-breakpoint
CREATE INDEX "listing_images_photo_band3_idx" ON "listing_images" USING btree ((("photo_hash" >> 0) & 65535),"photo_hash","id") WHERE "listing_images"."photo_hash" is not null;