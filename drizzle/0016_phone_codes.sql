CREATE TABLE "phone_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" text NOT NULL,
	"phone" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"network" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "phone_codes_purpose" CHECK ("phone_codes"."purpose" in ('verify')),
	CONSTRAINT "phone_codes_phone_e164" CHECK ("phone_codes"."phone" ~ '^\+[1-9][0-9]{6,14}$')
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "phone_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "phone_codes" ADD CONSTRAINT "phone_codes_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "phone_codes_phone_created_idx" ON "phone_codes" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "phone_codes_member_created_idx" ON "phone_codes" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "phone_codes_network_created_idx" ON "phone_codes" USING btree ("network","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_verified_phone_key" ON "profiles" USING btree ("phone_number") WHERE "profiles"."phone_verified_at" is not null;