CREATE TABLE "sms_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"purpose" text NOT NULL,
	"lang" text NOT NULL,
	"status" text NOT NULL,
	"gateway" text NOT NULL,
	"gateway_message_id" text,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	CONSTRAINT "sms_messages_status" CHECK ("sms_messages"."status" in ('queued', 'sent', 'delivered', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "sms_messages_gateway_message_id" ON "sms_messages" USING btree ("gateway","gateway_message_id");--> statement-breakpoint
CREATE INDEX "sms_messages_to_created_at" ON "sms_messages" USING btree ("to","created_at");