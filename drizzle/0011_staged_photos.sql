CREATE TABLE "staged_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"upload_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"variants" jsonb,
	"width" integer,
	"height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "idempotency_key" uuid;--> statement-breakpoint
ALTER TABLE "staged_photos" ADD CONSTRAINT "staged_photos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staged_photos_user_upload_key" ON "staged_photos" USING btree ("user_id","upload_id");--> statement-breakpoint
CREATE INDEX "staged_photos_created_idx" ON "staged_photos" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "listings_user_idempotency_key" ON "listings" USING btree ("user_id","idempotency_key") WHERE "listings"."idempotency_key" is not null;