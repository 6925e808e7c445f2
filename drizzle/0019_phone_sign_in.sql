ALTER TABLE "phone_codes" DROP CONSTRAINT "phone_codes_purpose";--> statement-breakpoint
ALTER TABLE "phone_codes" ALTER COLUMN "member_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "phone_codes" ADD CONSTRAINT "phone_codes_verify_has_member" CHECK ("phone_codes"."purpose" <> 'verify' or "phone_codes"."member_id" is not null);--> statement-breakpoint
ALTER TABLE "phone_codes" ADD CONSTRAINT "phone_codes_purpose" CHECK ("phone_codes"."purpose" in ('verify', 'sign-in'));