CREATE TYPE "public"."saved_search_cadence" AS ENUM('instant', 'daily', 'off');--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"query" text NOT NULL,
	"category_id" integer,
	"name" text,
	"cadence" "saved_search_cadence" DEFAULT 'instant' NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_alerted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_searches_query_length" CHECK (char_length("saved_searches"."query") between 1 and 2000),
	CONSTRAINT "saved_searches_name_length" CHECK ("saved_searches"."name" is null or char_length("saved_searches"."name") between 1 and 80)
);
--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_searches_user_query_key" ON "saved_searches" USING btree ("user_id","query");--> statement-breakpoint
CREATE INDEX "saved_searches_user_created_idx" ON "saved_searches" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "saved_searches_category_idx" ON "saved_searches" USING btree ("category_id");