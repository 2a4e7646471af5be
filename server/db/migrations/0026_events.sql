CREATE TABLE "events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"audience" text NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stream_tickets" (
	"ticket_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer,
	"operator_id" integer,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "events_user_id" ON "events" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "events_audience_id" ON "events" USING btree ("audience","id");--> statement-breakpoint
CREATE INDEX "events_created" ON "events" USING btree ("created_at");