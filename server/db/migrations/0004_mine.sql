CREATE TABLE "message_reads" (
	"message_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"read_at" bigint NOT NULL,
	CONSTRAINT "message_reads_message_id_user_id_pk" PRIMARY KEY("message_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"type" text DEFAULT 'system' NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"id_number" text NOT NULL,
	"status" text DEFAULT 'review' NOT NULL,
	"reason" text,
	"created_at" bigint NOT NULL,
	"reviewed_at" bigint
);
--> statement-breakpoint
CREATE INDEX "verifications_user" ON "verifications" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verifications_id_number" ON "verifications" USING btree ("id_number");