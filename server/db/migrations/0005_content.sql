CREATE TABLE "contents" (
	"id" serial PRIMARY KEY NOT NULL,
	"item" text NOT NULL,
	"kind" text NOT NULL,
	"lang" text NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signins" (
	"user_id" integer NOT NULL,
	"day" text NOT NULL,
	"bonus" bigint NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "signins_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "contents_item_lang" ON "contents" USING btree ("item","lang");--> statement-breakpoint
CREATE INDEX "contents_kind" ON "contents" USING btree ("kind");