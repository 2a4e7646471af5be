CREATE TABLE "bank_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"bank_name" text NOT NULL,
	"branch" text DEFAULT '' NOT NULL,
	"number" text NOT NULL,
	"holder" text DEFAULT '' NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposit_channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"account" text NOT NULL,
	"qr" text,
	"note" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchanges" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"from_account" text NOT NULL,
	"cash_amount" bigint NOT NULL,
	"coin_amount" bigint NOT NULL,
	"rate" integer NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recharges" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"screenshot" text NOT NULL,
	"status" text DEFAULT 'review' NOT NULL,
	"reason" text,
	"created_at" bigint NOT NULL,
	"reviewed_at" bigint
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "uploads_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"actual" bigint NOT NULL,
	"status" text DEFAULT 'review' NOT NULL,
	"reason" text,
	"created_at" bigint NOT NULL,
	"reviewed_at" bigint
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bank_cards_number" ON "bank_cards" USING btree ("number");--> statement-breakpoint
CREATE INDEX "bank_cards_user" ON "bank_cards" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "exchanges_user" ON "exchanges" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "recharges_user" ON "recharges" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "recharges_status" ON "recharges" USING btree ("status");--> statement-breakpoint
CREATE INDEX "withdrawals_user" ON "withdrawals" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_status" ON "withdrawals" USING btree ("status");